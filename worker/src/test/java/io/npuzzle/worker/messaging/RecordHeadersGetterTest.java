package io.npuzzle.worker.messaging;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecordHeadersGetterTest {

    private static final String TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
    private static final String SPAN_ID = "b7ad6b7169203331";
    private static final String OTHER_SPAN_ID = "00f067aa0ba902b7";

    @Test
    void aRecordsTraceparentHeaderNamesTheSpanThatSentIt() {
        SpanContext parent = parentOf(headers("traceparent", "00-" + TRACE_ID + "-" + SPAN_ID + "-01",
                "npuzzle-job-id", "50340a79-7b38-4c32-8c68-d9e0b98943e5"));

        assertTrue(parent.isRemote());
        assertEquals(TRACE_ID, parent.getTraceId());
        assertEquals(SPAN_ID, parent.getSpanId());
        assertTrue(parent.isSampled());
    }

    @Test
    void theLastOfRepeatedTraceparentHeadersCounts() {
        SpanContext parent = parentOf(headers("traceparent", "00-" + TRACE_ID + "-" + SPAN_ID + "-01",
                "traceparent", "00-" + TRACE_ID + "-" + OTHER_SPAN_ID + "-01"));

        assertEquals(OTHER_SPAN_ID, parent.getSpanId());
    }

    @Test
    void aRecordWithoutTraceHeadersOrWithAMalformedOneNamesNoSpan() {
        assertFalse(parentOf(headers("npuzzle-job-id", "50340a79-7b38-4c32-8c68-d9e0b98943e5")).isValid());
        assertFalse(parentOf(headers("traceparent", "not a traceparent")).isValid());
    }

    @Test
    void everyHeaderNameIsAKeyOnceAndAHeaderWithoutValueReadsAsNone() {
        Headers headers = headers("traceparent", "a", "tracestate", "b", "traceparent", "c");
        headers.add("empty", null);

        List<String> keys = new ArrayList<>();
        RecordHeadersGetter.INSTANCE.keys(headers).forEach(keys::add);
        assertEquals(List.of("traceparent", "tracestate", "empty"), keys);
        assertNull(RecordHeadersGetter.INSTANCE.get(headers, "empty"));
        assertNull(RecordHeadersGetter.INSTANCE.get(headers, "missing"));
    }

    private static SpanContext parentOf(Headers headers) {
        Context context = W3CTraceContextPropagator.getInstance().extract(Context.root(), headers,
                RecordHeadersGetter.INSTANCE);
        return Span.fromContext(context).getSpanContext();
    }

    /** Headers of alternating names and values, in order. */
    private static Headers headers(String... namesAndValues) {
        RecordHeaders headers = new RecordHeaders();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            headers.add(namesAndValues[i], namesAndValues[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return headers;
    }
}
