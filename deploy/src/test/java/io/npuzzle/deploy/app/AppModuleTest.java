package io.npuzzle.deploy.app;

import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading an app's configuration, on a small app made for it (src/test/resources/fixture-app). */
class AppModuleTest {

    private static final AppModule FIXTURE = AppModule.at(fixture(), "fixture");

    @Test
    void productionProfileWinsAndTheEnvironmentWinsOverIt() {
        assertEquals(Optional.of("7"), FIXTURE.value("fixture.limit", Map.of()));
        assertEquals(Optional.of("9"), FIXTURE.value("fixture.limit", Map.of("FIXTURE_LIMIT", "9")));
        assertEquals(Optional.empty(), FIXTURE.value("fixture.only-in-test", Map.of()));
    }

    @Test
    void mappingPropertiesCarryTheirDefaults() {
        assertEquals(Optional.of("5"), FIXTURE.value("fixture.max-things", Map.of()));
        assertEquals(Optional.of("PT1S"), FIXTURE.value("fixture.nested.wait-time", Map.of()));
        assertEquals(Optional.of("8080"), FIXTURE.value("quarkus.http.port", Map.of()), "Quarkus' own default");
    }

    @Test
    void understandsItsOwnKeysAndThoseOfItsExtensions() {
        for (String env : new String[] {"FIXTURE_LIMIT", "FIXTURE_MAX_THINGS", "FIXTURE_RENAMED", "FIXTURE_ENABLED",
                "FIXTURE_NESTED_WAIT_TIME", "FIXTURE_NAMED_FAST_WAIT_TIME", "QUARKUS_SHUTDOWN_TIMEOUT",
                "QUARKUS_HTTP_PORT", "QUARKUS_MANAGEMENT_PORT"}) {
            assertEquals(Optional.empty(), FIXTURE.misunderstood(env), env);
        }
    }

    @Test
    void rejectsUnknownKeysTestOnlyExtensionsAndBuildTimeKeys() {
        for (String env : new String[] {"FIXTURE_ORIGINAL", "FIXTURE_ONLY_IN_TEST", "FIXTURE_LIMITS",
                "QUARKUS_REDIS_HOSTS"}) {
            assertTrue(FIXTURE.misunderstood(env).orElseThrow().contains("not a config key"), env);
        }
        assertTrue(FIXTURE.misunderstood("QUARKUS_SMALLRYE_HEALTH_ROOT_PATH").orElseThrow().contains("build time"));
    }

    @Test
    void channelsTopicsAndGroups() {
        assertEquals(Map.of("in", "t.in"), FIXTURE.topics("incoming"));
        assertEquals(Map.of("out", "t.out"), FIXTURE.topics("outgoing"));
        assertEquals("g", FIXTURE.groupId("in", Map.of()));
    }

    @Test
    void healthOnTheManagementInterface() {
        assertEquals(new HealthEndpoints(9100, "/q/health/alive", "/q/health/ready", "/q/health/started"),
                HealthEndpoints.of(FIXTURE, Map.of()));
    }

    @Test
    void healthOnTheHttpPortWithoutIt() {
        assertEquals(new HealthEndpoints(8080, "/q/health/alive", "/q/health/ready", "/q/health/started"),
                HealthEndpoints.of(FIXTURE, Map.of("QUARKUS_MANAGEMENT_ENABLED", "false")));
    }

    @Test
    void pathsResolveAsQuarkusResolvesThem() {
        assertEquals("/q/health", HealthEndpoints.resolve("/", "q/health"));
        assertEquals("/status", HealthEndpoints.resolve("/q", "/status"));
        assertEquals("/api/q", HealthEndpoints.resolve("/api/", "q"));
    }

    private static Path fixture() {
        try {
            return Path.of(AppModuleTest.class.getResource("/fixture-app").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
