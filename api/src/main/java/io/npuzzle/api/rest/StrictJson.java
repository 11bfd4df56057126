package io.npuzzle.api.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

import java.lang.reflect.Type;
import java.util.function.BiFunction;

/**
 * Reads request bodies by one strict rule set instead of Jackson's lenient defaults, so that a body means what
 * the OpenAPI document says or is refused: a body is one JSON value with nothing after it; a field the schema
 * does not name, or a field given twice, is an error (a typo must not change the job silently); a whole number is
 * a JSON integer, never a fraction cut short ({@code 3.9999} is not 3) nor a string, which Java would parse with
 * any script's digits ({@code "٣"} is not 3); a number is a JSON number, never a string ({@code "1.25"}); and a
 * string is a JSON string, never a number or a boolean ({@code 123} is not the text "123").
 * <p>
 * The type rules hold for every value the shared mapper reads (the service's own Redis records and Kafka outcomes
 * are written with exact types anyway). Unknown and repeated fields are refused only in request bodies, read with
 * {@link #requests}: the service's own records may gain fields in a later version and must still be read.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.configure(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS, false);
        refuse(mapper, LogicalType.Integer, CoercionInputShape.Float, CoercionInputShape.String,
                CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Float, CoercionInputShape.String, CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Textual, CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean);
        refuse(mapper, LogicalType.Boolean, CoercionInputShape.Integer, CoercionInputShape.String);
    }

    /** Values of {@code type} are read only from JSON of their own kind, never converted from these shapes. */
    private static void refuse(ObjectMapper mapper, LogicalType type, CoercionInputShape... shapes) {
        for (CoercionInputShape shape : shapes) {
            mapper.coercionConfigFor(type).setCoercion(shape, CoercionAction.Fail);
        }
    }

    /** The reader of request bodies of {@code type}: unknown fields and a field given twice are errors. */
    public static ObjectReader requests(ObjectMapper mapper, Type type) {
        return mapper.readerFor(mapper.constructType(type))
                .with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    /** Reads a resource method's body with {@link #requests} (see {@code @CustomDeserialization}). */
    public static final class RequestBodies implements BiFunction<ObjectMapper, Type, ObjectReader> {

        @Override
        public ObjectReader apply(ObjectMapper mapper, Type type) {
            return requests(mapper, type);
        }
    }
}
