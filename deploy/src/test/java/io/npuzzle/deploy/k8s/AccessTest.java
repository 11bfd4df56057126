package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.npuzzle.deploy.Repository;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListener;
import io.strimzi.api.kafka.model.user.KafkaUser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who may reach what: both Redis servers ask for a password that every client takes from the Secret the operator
 * creates (never from the repository), the apps authenticate to Kafka as their KafkaUsers, and network policies
 * admit only the API from outside the namespace and only the apps to Kafka and Redis (KEDA to its own listener).
 * Both Redis servers are bounded in memory; only the cache evicts.
 */
class AccessTest {

    private static final String SECRET = "npuzzle-redis";
    private static final Set<String> APPS = Set.of("npuzzle-api", "npuzzle-worker");
    private static final Set<String> REDIS = Set.of("npuzzle-redis", "npuzzle-redis-cache");

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyRedisClientTakesItsPasswordFromTheSecret(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        for (String module : Repository.APPS) {
            Container app = KubernetesApps.container(KubernetesApps.deployment(rendered, module));
            for (String variable : List.of("QUARKUS_REDIS_PASSWORD", "QUARKUS_REDIS_CACHE_PASSWORD")) {
                assertFromSecret(app, variable, module);
            }
        }
        for (PodSpec redis : redisPods(rendered)) {
            Container server = redis.getContainers().get(0);
            assertTrue(String.join(" ", server.getArgs()).contains("--requirepass $(REDIS_PASSWORD)"),
                    "Redis asks for the password: " + server.getArgs());
            assertFromSecret(server, "REDIS_PASSWORD", server.getName());
            assertFromSecret(server, "REDISCLI_AUTH", server.getName() + "'s probe");
        }
        assertTrue(rendered.manifests().stream().noneMatch(manifest -> manifest.kind().equals("Secret")),
                "no Secret in the repository: the operator creates " + SECRET);
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void bothRedisServersAreBoundedAndOnlyTheCacheEvicts(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        String config = Repository.read("deploy/base/redis.conf");
        assertTrue(config.contains("appendonly yes") && config.contains("maxmemory-policy noeviction"), config);
        for (PodSpec redis : redisPods(rendered)) {
            Container server = redis.getContainers().get(0);
            String args = String.join(" ", server.getArgs());
            assertTrue(args.contains("--maxmemory $(REDIS_MAXMEMORY)"), args);
            String limit = env(server, "REDIS_MAXMEMORY").getValue();
            assertTrue(limit.matches("\\d+mb"), "REDIS_MAXMEMORY " + limit);
            long limitMiB = server.getResources().getLimits().get("memory").getNumericalAmount().longValue() >> 20;
            assertTrue(Long.parseLong(limit.replace("mb", "")) <= limitMiB * 3 / 4,
                    server.getName() + ": " + limit + " leaves room in the container's " + limitMiB + " MiB");
        }
        PodSpec cache = rendered.named(Deployment.class, "npuzzle-redis-cache").getSpec().getTemplate().getSpec();
        assertTrue(String.join(" ", cache.getContainers().get(0).getArgs())
                .contains("--maxmemory-policy allkeys-lru"), "the cache forgets least recently used answers");
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void onlyTheApiIsReachableFromOutsideAndOnlyTheAppsReachRedisAndKafka(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        NetworkPolicy deny = rendered.named(NetworkPolicy.class, "npuzzle-default-deny");
        assertTrue(deny.getSpec().getPodSelector().getMatchLabels() == null
                || deny.getSpec().getPodSelector().getMatchLabels().isEmpty(), "selects every pod");
        assertEquals(List.of("Ingress"), deny.getSpec().getPolicyTypes());
        assertTrue(deny.getSpec().getIngress() == null || deny.getSpec().getIngress().isEmpty(), "admits nothing");

        for (NetworkPolicy policy : rendered.all(NetworkPolicy.class)) {
            for (NetworkPolicyIngressRule rule : policy.getSpec().getIngress()) {
                boolean fromAnywhere = rule.getFrom() == null || rule.getFrom().isEmpty()
                        || rule.getFrom().stream().anyMatch(peer -> peer.getNamespaceSelector() != null
                        || peer.getIpBlock() != null);
                if (fromAnywhere) {
                    assertEquals(Map.of("app.kubernetes.io/name", "npuzzle-api"),
                            policy.getSpec().getPodSelector().getMatchLabels(),
                            policy.getMetadata().getName() + " admits from outside the namespace: only the API may");
                }
            }
        }
        NetworkPolicy redis = rendered.named(NetworkPolicy.class, "npuzzle-redis");
        assertEquals(REDIS, names(redis.getSpec().getPodSelector()), "the policy covers both Redis servers");
        Set<String> redisPeers = new TreeSet<>();
        for (NetworkPolicyIngressRule rule : redis.getSpec().getIngress()) {
            for (NetworkPolicyPeer peer : rule.getFrom()) {
                redisPeers.addAll(names(peer.getPodSelector()));
            }
        }
        assertEquals(new TreeSet<>(APPS), redisPeers, "only the apps reach Redis");

        Kafka kafka = rendered.all(Kafka.class).get(0);
        for (GenericKafkaListener listener : kafka.getSpec().getKafka().getListeners()) {
            List<NetworkPolicyPeer> peers = listener.getNetworkPolicyPeers();
            assertTrue(peers != null && !peers.isEmpty(), "listener " + listener.getName() + " names its peers");
            if (listener.getName().equals("lag")) {
                assertEquals(1, peers.size());
                assertEquals(Map.of("kubernetes.io/metadata.name", "keda"),
                        peers.get(0).getNamespaceSelector().getMatchLabels(), "KEDA's listener: KEDA only");
                assertTrue(peers.get(0).getPodSelector() == null, "KEDA's operator pods, whatever their labels");
            } else {
                Set<String> apps = new TreeSet<>();
                for (NetworkPolicyPeer peer : peers) {
                    assertTrue(peer.getNamespaceSelector() == null, "the apps' listener: this namespace only");
                    apps.addAll(names(peer.getPodSelector()));
                }
                assertEquals(new TreeSet<>(APPS), apps, "only the apps reach Kafka");
            }
        }
    }

    /** The apps' listener asks for SCRAM credentials: each app's KafkaUser, from the Secret Strimzi writes. */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void theAppsAuthenticateToKafkaAsTheirKafkaUser(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        Kafka kafka = rendered.all(Kafka.class).get(0);
        GenericKafkaListener apps = kafka.getSpec().getKafka().getListeners().stream()
                .filter(listener -> listener.getName().equals("plain")).findFirst().orElseThrow();
        assertEquals("scram-sha-512", apps.getAuth().getType(), "the apps' listener authenticates");
        for (String module : Repository.APPS) {
            String user = "npuzzle-" + module;
            KafkaUser kafkaUser = rendered.named(KafkaUser.class, user);
            assertEquals(kafka.getMetadata().getName(), kafkaUser.getMetadata().getLabels().get("strimzi.io/cluster"));
            assertEquals("scram-sha-512", kafkaUser.getSpec().getAuthentication().getType());
            Container app = KubernetesApps.container(KubernetesApps.deployment(rendered, module));
            Map<String, String> env = KubernetesApps.env(rendered, app);
            assertEquals("SASL_PLAINTEXT", env.get("KAFKA_SECURITY_PROTOCOL"), module);
            assertEquals("SCRAM-SHA-512", env.get("KAFKA_SASL_MECHANISM"), module);
            SecretKeySelector jaas = env(app, "KAFKA_SASL_JAAS_CONFIG").getValueFrom().getSecretKeyRef();
            assertEquals(user, jaas.getName(), module + " reads its own user's Secret");
            assertEquals("sasl.jaas.config", jaas.getKey());
        }
    }

    /**
     * Strimzi's user operator refuses a KafkaUser with ACLs, and so writes no Secret for its app, while the cluster
     * does not authorize; with authorization on, a user without ACLs may do nothing.
     */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void kafkaUsersHaveAclsExactlyWhenTheClusterAuthorizes(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        boolean authorizes = rendered.all(Kafka.class).get(0).getSpec().getKafka().getAuthorization() != null;
        for (KafkaUser user : rendered.all(KafkaUser.class)) {
            String name = user.getMetadata().getName();
            assertEquals(authorizes, user.getSpec().getAuthorization() != null, authorizes
                    ? name + " needs ACLs: the cluster authorizes"
                    : name + " has ACLs, but the cluster does not authorize");
        }
    }

    private static List<PodSpec> redisPods(RenderedOverlay rendered) {
        return List.of(rendered.named(StatefulSet.class, "npuzzle-redis").getSpec().getTemplate().getSpec(),
                rendered.named(Deployment.class, "npuzzle-redis-cache").getSpec().getTemplate().getSpec());
    }

    private static void assertFromSecret(Container container, String variable, String where) {
        SecretKeySelector secret = env(container, variable).getValueFrom() == null ? null
                : env(container, variable).getValueFrom().getSecretKeyRef();
        assertNotNull(secret, where + ": " + variable + " comes from a Secret");
        assertEquals(SECRET, secret.getName(), where + ": " + variable);
        assertEquals("password", secret.getKey(), where + ": " + variable);
    }

    private static EnvVar env(Container container, String name) {
        return container.getEnv().stream().filter(variable -> variable.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(container.getName() + " sets no " + name));
    }

    /** The app names a selector picks, by label or by an In expression on app.kubernetes.io/name. */
    private static Set<String> names(LabelSelector selector) {
        Set<String> names = new TreeSet<>();
        if (selector.getMatchLabels() != null && selector.getMatchLabels().containsKey("app.kubernetes.io/name")) {
            names.add(selector.getMatchLabels().get("app.kubernetes.io/name"));
        }
        if (selector.getMatchExpressions() != null) {
            for (LabelSelectorRequirement requirement : selector.getMatchExpressions()) {
                assertEquals("app.kubernetes.io/name", requirement.getKey());
                assertEquals("In", requirement.getOperator());
                names.addAll(requirement.getValues());
            }
        }
        assertFalse(names.isEmpty(), "selects pods by name: " + selector);
        return names;
    }
}
