package io.npuzzle.runtime.traces;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

class ServiceSpansTest {

    private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final TextMapGetter<Map<String, String>> MAP = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier.get(key);
        }
    };

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final ServiceSpans spans = ServiceSpans.of(OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exported))
                    .build())
            .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build());

    @Test
    void aSpanEnteredIsCurrentUntilClosedAndContinuesTheTraceItsCarrierNames() {
        Context parent = spans.parentIn(Map.of("traceparent", TRACEPARENT), MAP);
        try (SpanInScope handling = spans.enter("handle job", parent)) {
            handling.set(JobAttributes.JOB_ID, "job-1");
            Span.current().setAttribute(JobAttributes.CACHE_HIT, true);
        }

        SpanData span = exported.getFinishedSpanItems().get(0);
        assertEquals("0af7651916cd43dd8448eb211c80319c", span.getTraceId());
        assertEquals("b7ad6b7169203331", span.getParentSpanId());
        assertEquals("job-1", span.getAttributes().get(JobAttributes.JOB_ID));
        assertEquals(true, span.getAttributes().get(JobAttributes.CACHE_HIT));
        assertFalse(Span.current().getSpanContext().isValid(), "no span is left current");
    }

    @Test
    void whereTracesAreOffNothingIsReadStartedOrMadeCurrent() {
        ServiceSpans off = ServiceSpans.off();

        assertSame(Context.root(), off.parentIn(Map.of("traceparent", TRACEPARENT), MAP));
        assertFalse(off.start("record outcome", Context.root()).getSpanContext().isValid());
        try (SpanInScope ignored = off.enter("handle job", Context.root())) {
            assertFalse(Span.current().getSpanContext().isValid());
        }
        assertEquals(List.of(), exported.getFinishedSpanItems());
    }
}
