package io.npuzzle.runtime.traces;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceParentsTest {

    @Test
    void theCurrentSpanReadsBackAsARemoteParentOfTheSameTrace() {
        Span span = SdkTracerProvider.builder().build().get("test").spanBuilder("submit").startSpan();
        String traceparent;
        try (Scope ignored = span.makeCurrent()) {
            traceparent = TraceParents.ofCurrentSpan();
        }

        assertEquals("00-" + span.getSpanContext().getTraceId() + "-" + span.getSpanContext().getSpanId() + "-01",
                traceparent);
        SpanContext parent = Span.fromContext(TraceParents.context(traceparent)).getSpanContext();
        assertTrue(parent.isRemote());
        assertEquals(span.getSpanContext().getTraceId(), parent.getTraceId());
        assertEquals(span.getSpanContext().getSpanId(), parent.getSpanId());
        assertTrue(parent.isSampled());
    }

    @Test
    void anUnsampledSpanSaysSo() {
        Span span = SdkTracerProvider.builder().setSampler(Sampler.alwaysOff()).build().get("test")
                .spanBuilder("submit").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            assertTrue(TraceParents.ofCurrentSpan().endsWith("-00"));
        }
    }

    @Test
    void withoutASpanThereIsNoTraceparent() {
        assertNull(TraceParents.ofCurrentSpan());
    }

    @Test
    void noTraceparentOrAMalformedOneGivesTheRootContext() {
        assertEquals(Context.root(), TraceParents.context(null));
        assertFalse(Span.fromContext(TraceParents.context("00-not-a-trace-01")).getSpanContext().isValid());
    }
}
