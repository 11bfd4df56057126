package io.npuzzle.deploy.k8s;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** An overlay rendered by kustomize and read object by object into the strict models. */
public final class RenderedOverlay {

    private static final Map<String, RenderedOverlay> CACHE = new ConcurrentHashMap<>();

    private final String name;
    private final List<Manifest> manifests;

    private RenderedOverlay(String name, List<Manifest> manifests) {
        this.name = name;
        this.manifests = List.copyOf(manifests);
    }

    public static RenderedOverlay of(String overlay) {
        String yaml = Kustomize.render(overlay);
        return CACHE.computeIfAbsent(overlay, key -> new RenderedOverlay(key, parse(yaml)));
    }

    /** Reads YAML documents into their models; the first object that does not fit fails with its name. */
    public static List<Manifest> parse(String yaml) {
        List<Manifest> manifests = new ArrayList<>();
        try (MappingIterator<JsonNode> documents = new YAMLMapper().readerFor(JsonNode.class).readValues(yaml)) {
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                if (document != null && !document.isEmpty()) {
                    manifests.add(read(document));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return manifests;
    }

    private static Manifest read(JsonNode document) {
        String apiVersion = document.path("apiVersion").asText();
        String kind = document.path("kind").asText();
        String name = document.path("metadata").path("name").asText();
        String namespace = document.path("metadata").path("namespace").asText(null);
        try {
            Object model = StrictMapper.get().treeToValue(document, ManifestKinds.modelOf(apiVersion, kind));
            return new Manifest(apiVersion, kind, name, namespace, model);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new AssertionError(kind + " " + name + " does not fit its model: " + e.getMessage(), e);
        }
    }

    public String name() {
        return name;
    }

    public List<Manifest> manifests() {
        return manifests;
    }

    public <T> List<T> all(Class<T> model) {
        return manifests.stream().map(Manifest::model).filter(model::isInstance).map(model::cast).toList();
    }

    public <T> T named(Class<T> model, String objectName) {
        return manifests.stream()
                .filter(manifest -> manifest.name().equals(objectName) && model.isInstance(manifest.model()))
                .map(manifest -> model.cast(manifest.model()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + ": no " + model.getSimpleName() + " named " + objectName));
    }

    /** The namespace every namespaced object is in; the overlays put everything in one. */
    public String namespace() {
        Set<String> namespaces = manifests.stream()
                .filter(manifest -> !manifest.kind().equals("Namespace"))
                .map(Manifest::namespace)
                .collect(Collectors.toSet());
        if (namespaces.size() != 1 || namespaces.contains(null)) {
            throw new AssertionError(name + ": objects spread over namespaces " + namespaces);
        }
        return namespaces.iterator().next();
    }
}
