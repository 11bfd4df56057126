package io.npuzzle.runtime.traces;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import org.eclipse.microprofile.config.spi.ConfigSource;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Traces are on where an OTLP endpoint is set ({@code QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT}, or the traces' own),
 * and off elsewhere: then the OpenTelemetry SDK is disabled, which installs no HTTP or Redis tracer, and the Kafka
 * connector traces no record. Both settings are derived here, below every properties file, so that a value set
 * anywhere still wins.
 */
public class TracesSwitch implements ConfigSourceFactory {

    static final String SDK_DISABLED = "quarkus.otel.sdk.disabled";
    static final String KAFKA_TRACING = "mp.messaging.connector.smallrye-kafka.tracing-enabled";
    static final List<String> ENDPOINTS = List.of("quarkus.otel.exporter.otlp.traces.endpoint",
            "quarkus.otel.exporter.otlp.endpoint");
    /** Above the defaults of the code, below microprofile-config.properties (100). */
    static final int ORDINAL = 50;

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        // Set, not defaulted: Quarkus gives the endpoints a default value from a source below this one.
        boolean on = ENDPOINTS.stream().map(context::getValue).filter(Objects::nonNull)
                .filter(endpoint -> endpoint.getConfigSourceOrdinal() > ORDINAL).map(ConfigValue::getValue)
                .anyMatch(endpoint -> endpoint != null && !endpoint.isBlank());
        return List.of(new PropertiesConfigSource(Map.of(SDK_DISABLED, Boolean.toString(!on),
                KAFKA_TRACING, Boolean.toString(on)), "npuzzle traces switch", ORDINAL));
    }
}
