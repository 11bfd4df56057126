package io.npuzzle.runtime.traces;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;

import java.util.List;

/**
 * A span as one W3C {@code traceparent} value, which a job keeps with its request, so that whatever is done for
 * the job later (a turn in its lane, a re-drive) joins the trace of its submission.
 */
public final class TraceParents {

    private static final String HEADER = "traceparent";
    private static final TextMapGetter<String> ONE_VALUE = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String traceparent) {
            return List.of(HEADER);
        }

        @Override
        public String get(String traceparent, String key) {
            return HEADER.equals(key) ? traceparent : null;
        }
    };

    private TraceParents() {
    }

    /** The current span's traceparent; null where there is none (traces off). */
    public static String ofCurrentSpan() {
        SpanContext span = Span.current().getSpanContext();
        return span.isValid()
                ? "00-" + span.getTraceId() + "-" + span.getSpanId() + "-" + span.getTraceFlags().asHex() : null;
    }

    /** A context whose parent is the span {@code traceparent} names; the root context for null or a malformed one. */
    public static Context context(String traceparent) {
        return traceparent == null ? Context.root()
                : W3CTraceContextPropagator.getInstance().extract(Context.root(), traceparent, ONE_VALUE);
    }
}
