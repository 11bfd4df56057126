package io.npuzzle.runtime.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The protocol's records as JSON, in Redis and on the topics, with the application's mapper (so the same
 * customisations as the REST layer) and checked exceptions turned unchecked.
 */
@ApplicationScoped
public class JsonCodec {

    private final ObjectMapper mapper;

    JsonCodec(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    /** @throws IllegalStateException when {@code text} is not a {@code type} */
    public <T> T read(String text, Class<T> type) {
        try {
            return mapper.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot decode a " + type.getSimpleName(), e);
        }
    }
}
