package io.npuzzle.deploy.k8s;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;

/**
 * Maps manifests onto object models and fails on any field the model does not have. The fabric8 and Strimzi
 * models keep unknown fields in an "additional properties" map (a {@code @JsonAnySetter}), so a misspelt field
 * would pass silently; this mapper ignores those any-setters and every {@code ignoreUnknown}.
 */
public final class StrictMapper {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setAnnotationIntrospector(new RejectUnknownFields())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private StrictMapper() {
    }

    public static ObjectMapper get() {
        return MAPPER;
    }

    private static final class RejectUnknownFields extends JacksonAnnotationIntrospector {

        @Override
        public Boolean hasAnySetter(Annotated annotated) {
            return null;
        }

        @Override
        public JsonIgnoreProperties.Value findPropertyIgnoralByName(MapperConfig<?> config, Annotated annotated) {
            return super.findPropertyIgnoralByName(config, annotated).withoutIgnoreUnknown();
        }
    }
}
