package io.npuzzle.runtime.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The protocol's records as JSON, in Redis and on the topics, with the application's mapper (so the same
 * customisations as the REST layer). Every record the service reads or writes outside its HTTP bodies passes
 * through here, and each pass is counted ({@link JsonPasses}), so that what a job costs in JSON can be measured.
 */
@ApplicationScoped
public class JsonCodec {

    private final ObjectMapper mapper;
    private final JsonPasses passes;

    @Inject
    public JsonCodec(ObjectMapper mapper, MeterRegistry registry) {
        this.mapper = mapper;
        this.passes = new JsonPasses(registry);
    }

    public String write(Object value) {
        passes.encoded(value.getClass());
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    /** The value with its text, for a caller that sends the same record to more than one place. */
    public <T> Encoded<T> encoded(T value) {
        return new Encoded<>(value, write(value));
    }

    /** The record {@code text} holds, kept with it, so that passing it on takes no second encoding. */
    public <T> Encoded<T> decoded(String text, Class<T> type) {
        return new Encoded<>(read(text, type), text);
    }

    /** @throws IllegalStateException when {@code text} is not a {@code type} */
    public <T> T read(String text, Class<T> type) {
        try {
            return decode(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot decode a " + type.getSimpleName(), e);
        }
    }

    /** For readers that tell what is wrong with a record: the text's defect as Jackson found it. */
    public <T> T decode(String text, Class<T> type) throws JsonProcessingException {
        passes.decoded(type);
        return mapper.readValue(text, type);
    }

    /** The text as a tree, for a reader looking into a record that is not what it should be. */
    public JsonNode tree(String text) throws JsonProcessingException {
        passes.decoded(JsonNode.class);
        return mapper.readTree(text);
    }
}
