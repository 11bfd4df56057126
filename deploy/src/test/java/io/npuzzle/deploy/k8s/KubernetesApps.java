package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.npuzzle.deploy.app.AppModule;
import io.npuzzle.deploy.app.AppRun;

import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/** The apps' Deployments in a rendered overlay, seen as {@link AppRun}s. */
public final class KubernetesApps {

    /** Kubernetes' default when a pod does not set terminationGracePeriodSeconds. */
    private static final long DEFAULT_GRACE_SECONDS = 30;

    private KubernetesApps() {
    }

    /** The Deployment {@code npuzzle-<module>} running the app of that module. */
    public static Deployment deployment(RenderedOverlay overlay, String module) {
        return overlay.named(Deployment.class, "npuzzle-" + module);
    }

    public static Container container(Deployment deployment) {
        List<Container> containers = deployment.getSpec().getTemplate().getSpec().getContainers();
        if (containers.size() != 1) {
            throw new AssertionError(deployment.getMetadata().getName() + " should run exactly one container");
        }
        return containers.get(0);
    }

    public static AppRun run(RenderedOverlay overlay, String module) {
        Deployment deployment = deployment(overlay, module);
        PodSpec pod = deployment.getSpec().getTemplate().getSpec();
        Container container = container(deployment);
        List<AppRun.Probe> probes = new ArrayList<>();
        addProbe(probes, "startup", container.getStartupProbe(), container);
        addProbe(probes, "readiness", container.getReadinessProbe(), container);
        addProbe(probes, "liveness", container.getLivenessProbe(), container);
        Long grace = pod.getTerminationGracePeriodSeconds();
        return new AppRun(overlay.name() + " " + deployment.getMetadata().getName(), AppModule.of(module),
                container.getImage(), env(overlay, container), probes, cpuLimit(container), preStop(container),
                Duration.ofSeconds(grace != null ? grace : DEFAULT_GRACE_SECONDS));
    }

    /**
     * The container's variables: its ConfigMaps' entries, then its own {@code env} (which win). Secrets are left
     * out: their entries are not in the repository.
     */
    public static Map<String, String> env(RenderedOverlay overlay, Container container) {
        Map<String, String> env = new LinkedHashMap<>();
        for (EnvFromSource source : container.getEnvFrom()) {
            if (source.getSecretRef() != null) {
                continue;
            }
            if (source.getConfigMapRef() == null) {
                throw new AssertionError(container.getName() + ": only ConfigMaps and Secrets feed the environment");
            }
            ConfigMap configMap = overlay.named(ConfigMap.class, source.getConfigMapRef().getName());
            env.putAll(configMap.getData());
        }
        for (EnvVar variable : container.getEnv()) {
            env.put(variable.getName(), variable.getValue() != null ? variable.getValue() : "");
        }
        return env;
    }

    private static void addProbe(List<AppRun.Probe> probes, String kind, Probe probe, Container container) {
        if (probe != null && probe.getHttpGet() != null) {
            probes.add(new AppRun.Probe(kind, probe.getHttpGet().getPath(),
                    containerPort(container, probe.getHttpGet().getPort())));
        }
    }

    /** A port given by name resolves to the container port of that name. */
    public static int containerPort(Container container, IntOrString port) {
        if (port.getIntVal() != null) {
            return port.getIntVal();
        }
        return container.getPorts().stream().filter(candidate -> port.getStrVal().equals(candidate.getName()))
                .map(ContainerPort::getContainerPort).findFirst()
                .orElseThrow(() -> new AssertionError(container.getName() + " has no port named " + port.getStrVal()));
    }

    /** The JVM counts a fractional CPU limit as a whole CPU. */
    private static OptionalInt cpuLimit(Container container) {
        Quantity limit = container.getResources().getLimits().get("cpu");
        if (limit == null) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Quantity.getAmountInBytes(limit).setScale(0, RoundingMode.CEILING).intValueExact());
    }

    /** A pre-stop {@code sleep N} delays SIGTERM by N seconds. */
    private static Duration preStop(Container container) {
        if (container.getLifecycle() == null || container.getLifecycle().getPreStop() == null) {
            return Duration.ZERO;
        }
        List<String> command = container.getLifecycle().getPreStop().getExec().getCommand();
        if (command.size() != 2 || !command.get(0).equals("sleep")) {
            throw new AssertionError(container.getName() + ": a pre-stop hook other than sleep N: " + command);
        }
        return Duration.ofSeconds(Long.parseLong(command.get(1)));
    }
}
