package io.npuzzle.deploy.k8s;

/** One rendered object: its type and name, and the model it was read into. */
public record Manifest(String apiVersion, String kind, String name, String namespace, Object model) {

    @Override
    public String toString() {
        return kind + " " + name;
    }
}
