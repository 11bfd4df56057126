package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.Secret;
import io.npuzzle.deploy.app.AppRun;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** API keys: required in production, from a Secret the operator creates; off in dev, as with bin/run. */
class ApiKeysTest {

    private static final String ENABLED = "npuzzle.api.auth.enabled";
    private static final String SECRET = "npuzzle-api-keys";

    @Test
    void productionRequiresKeysWhoseHashesComeFromASecret() {
        RenderedOverlay prod = RenderedOverlay.of("prod");
        AppRun api = KubernetesApps.run(prod, "api");
        assertEquals("true", api.app().require(ENABLED, api.env()), api.where());
        List<String> secrets = secretRefs(KubernetesApps.container(KubernetesApps.deployment(prod, "api")));
        assertEquals(List.of(SECRET), secrets, "the keys' hashes come from the Secret, and from nowhere else");
        assertTrue(prod.all(Secret.class).stream().noneMatch(secret -> secret.getMetadata().getName().equals(SECRET)),
                "the Secret is the operator's, never in the repository");
    }

    @Test
    void devLeavesKeysOffAndTheWorkersNeverSeeThem() {
        RenderedOverlay dev = RenderedOverlay.of("dev");
        AppRun api = KubernetesApps.run(dev, "api");
        assertNotEquals("true", api.app().value(ENABLED, api.env()).orElse("false"), api.where());
        for (String overlay : Kustomize.OVERLAYS) {
            assertEquals(List.of(), secretRefs(KubernetesApps.container(
                    KubernetesApps.deployment(RenderedOverlay.of(overlay), "worker"))), overlay);
        }
    }

    private static List<String> secretRefs(Container container) {
        return container.getEnvFrom().stream().map(EnvFromSource::getSecretRef).filter(Objects::nonNull)
                .map(ref -> ref.getName()).toList();
    }
}
