package io.npuzzle.runtime.traces;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The services' own spans (a job's handling, an outcome's recording) and the trace context they continue. Where
 * traces are off ({@link TracesSwitch}) it starts no span and reads no header: a disabled SDK would still record
 * spans that nobody exports, and a span made current writes its ids into the log lines.
 */
@Singleton
public class ServiceSpans {

    private static final String SCOPE = "io.npuzzle";

    /** Null where traces are off. */
    private final Tracer tracer;
    private final TextMapPropagator propagator;

    @Inject
    ServiceSpans(OpenTelemetry telemetry, @ConfigProperty(name = TracesSwitch.SDK_DISABLED) boolean disabled) {
        this(disabled ? null : telemetry);
    }

    private ServiceSpans(OpenTelemetry telemetry) {
        this.tracer = telemetry == null ? null : telemetry.getTracer(SCOPE);
        this.propagator = telemetry == null ? TextMapPropagator.noop()
                : telemetry.getPropagators().getTextMapPropagator();
    }

    /** Spans of {@code telemetry}'s tracer, continuing the trace context its propagators read. */
    public static ServiceSpans of(OpenTelemetry telemetry) {
        return new ServiceSpans(telemetry);
    }

    /** No spans: traces off. */
    public static ServiceSpans off() {
        return new ServiceSpans((OpenTelemetry) null);
    }

    /** The context of the span that {@code carrier} names (a record's headers); the root context where none. */
    public <C> Context parentIn(C carrier, TextMapGetter<C> getter) {
        return tracer == null ? Context.root() : propagator.extract(Context.root(), carrier, getter);
    }

    /**
     * A span of work done on this thread, a child of {@code parent}: current until closed, so that what the work
     * logs and sends, and the attributes it sets on {@link Span#current()}, belong to it.
     */
    public SpanInScope enter(String name, Context parent) {
        if (tracer == null) {
            return SpanInScope.NONE;
        }
        Span span = start(name, parent);
        return new SpanInScope(span, span.makeCurrent());
    }

    /** A span of work that ends elsewhere, a child of {@code parent}; where traces are off, one that keeps nothing. */
    public Span start(String name, Context parent) {
        return tracer == null ? Span.getInvalid() : tracer.spanBuilder(name).setParent(parent).startSpan();
    }
}
