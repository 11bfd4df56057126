package io.npuzzle.runtime.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.npuzzle.core.model.Mode;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

import java.io.IOException;

/**
 * The wire form of the core's values in the protocol's records: a {@link Mode} travels as its lower-case label
 * ({@code "optimal"}, {@code "bounded"}, {@code "fast"}), as it always has, so records written before it was typed
 * still read.
 */
@Singleton
public class ProtocolJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        SimpleModule module = new SimpleModule("npuzzle-protocol");
        module.addSerializer(Mode.class, new JsonSerializer<>() {
            @Override
            public void serialize(Mode mode, JsonGenerator out, SerializerProvider provider) throws IOException {
                out.writeString(mode.label());
            }
        });
        module.addDeserializer(Mode.class, new JsonDeserializer<>() {
            @Override
            public Mode deserialize(JsonParser in, DeserializationContext context) throws IOException {
                String text = in.getValueAsString();
                try {
                    return Mode.parse(text);
                } catch (IllegalArgumentException e) {
                    return (Mode) context.handleWeirdStringValue(Mode.class, text, e.getMessage());
                }
            }
        });
        mapper.registerModule(module);
    }
}
