package io.npuzzle.api.traces;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.npuzzle.testsupport.FreePorts;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP receiver in the test's process, as a collector would be: it keeps every span the services export
 * to {@code POST /v1/traces}, with the name of the service that sent it.
 */
final class OtlpReceiver implements AutoCloseable {

    /** A span as received: ids in hex, the parent's empty for a trace's root; attributes as text. */
    record ReceivedSpan(String service, String traceId, String spanId, String parentSpanId, String name,
                        Map<String, String> attributes) {
    }

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    static OtlpReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("localhost", FreePorts.next()), 0);
            OtlpReceiver receiver = new OtlpReceiver(server);
            server.createContext("/v1/traces", receiver::receive);
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the OTLP receiver", e);
        }
    }

    /** What the services take as their OTLP endpoint. */
    String endpoint() {
        return "http://localhost:" + server.getAddress().getPort();
    }

    /** The spans of one trace received so far. */
    List<ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    private void receive(HttpExchange exchange) throws IOException {
        try (InputStream body = exchange.getRequestBody()) {
            boolean gzip = "gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"));
            ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(
                    gzip ? new GZIPInputStream(body) : body);
            request.getResourceSpansList().forEach(this::keep);
            // An empty ExportTraceServiceResponse: every span accepted.
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
        } finally {
            exchange.close();
        }
    }

    private void keep(ResourceSpans resource) {
        String service = text(resource.getResource().getAttributesList()).getOrDefault("service.name", "");
        for (ScopeSpans scope : resource.getScopeSpansList()) {
            scope.getSpansList().forEach(span -> spans.add(new ReceivedSpan(service,
                    HexFormat.of().formatHex(span.getTraceId().toByteArray()),
                    HexFormat.of().formatHex(span.getSpanId().toByteArray()),
                    HexFormat.of().formatHex(span.getParentSpanId().toByteArray()), span.getName(),
                    text(span.getAttributesList()))));
        }
    }

    private static Map<String, String> text(List<KeyValue> attributes) {
        Map<String, String> text = new LinkedHashMap<>();
        attributes.forEach(attribute -> text.put(attribute.getKey(), text(attribute.getValue())));
        return text;
    }

    private static String text(AnyValue value) {
        return switch (value.getValueCase()) {
            case STRING_VALUE -> value.getStringValue();
            case BOOL_VALUE -> Boolean.toString(value.getBoolValue());
            case INT_VALUE -> Long.toString(value.getIntValue());
            case DOUBLE_VALUE -> Double.toString(value.getDoubleValue());
            default -> value.toString();
        };
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
