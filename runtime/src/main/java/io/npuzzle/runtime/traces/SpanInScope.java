package io.npuzzle.runtime.traces;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;

/** A span current on this thread until closed, which then ends it. */
public final class SpanInScope implements AutoCloseable {

    /** Where traces are off: no span, nothing made current. */
    static final SpanInScope NONE = new SpanInScope(Span.getInvalid(), Scope.noop());

    private final Span span;
    private final Scope scope;

    SpanInScope(Span span, Scope scope) {
        this.span = span;
        this.scope = scope;
    }

    public <T> void set(AttributeKey<T> key, T value) {
        span.setAttribute(key, value);
    }

    @Override
    public void close() {
        scope.close();
        span.end();
    }
}
