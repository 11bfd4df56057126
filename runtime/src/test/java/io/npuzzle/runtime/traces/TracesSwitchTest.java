package io.npuzzle.runtime.traces;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TracesSwitchTest {

    @Test
    void tracesAreOffWhereNoOtlpEndpointIsSet() {
        SmallRyeConfig config = configOf(Map.of());

        assertEquals(true, config.getValue(TracesSwitch.SDK_DISABLED, Boolean.class));
        assertEquals(false, config.getValue(TracesSwitch.KAFKA_TRACING, Boolean.class));
    }

    @Test
    void anOtlpEndpointTurnsTheSdkAndTheKafkaTracingOn() {
        for (String endpoint : TracesSwitch.ENDPOINTS) {
            SmallRyeConfig config = configOf(Map.of(endpoint, "http://collector:4317"));

            assertEquals(false, config.getValue(TracesSwitch.SDK_DISABLED, Boolean.class), endpoint);
            assertEquals(true, config.getValue(TracesSwitch.KAFKA_TRACING, Boolean.class), endpoint);
        }
    }

    @Test
    void theEndpointQuarkusDefaultsToLeavesTracesOff() {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(Map.of("quarkus.otel.exporter.otlp.endpoint",
                        "http://localhost:4317"), "defaults", Integer.MIN_VALUE))
                .withSources(new TracesSwitch())
                .build();

        assertEquals(true, config.getValue(TracesSwitch.SDK_DISABLED, Boolean.class));
        assertEquals(false, config.getValue(TracesSwitch.KAFKA_TRACING, Boolean.class));
    }

    @Test
    void aBlankEndpointLeavesTracesOff() {
        SmallRyeConfig config = configOf(Map.of("quarkus.otel.exporter.otlp.endpoint", " "));

        assertEquals(true, config.getValue(TracesSwitch.SDK_DISABLED, Boolean.class));
    }

    @Test
    void aValueSetInAPropertiesFileWinsOverTheSwitch() {
        SmallRyeConfig config = configOf(Map.of("quarkus.otel.exporter.otlp.endpoint", "http://collector:4317",
                TracesSwitch.KAFKA_TRACING, "false"));

        assertEquals(false, config.getValue(TracesSwitch.SDK_DISABLED, Boolean.class));
        assertEquals(false, config.getValue(TracesSwitch.KAFKA_TRACING, Boolean.class));
    }

    /** The switch below the settings of a microprofile-config.properties. */
    private static SmallRyeConfig configOf(Map<String, String> properties) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "microprofile-config.properties", 100))
                .withSources(new TracesSwitch())
                .build();
    }
}
