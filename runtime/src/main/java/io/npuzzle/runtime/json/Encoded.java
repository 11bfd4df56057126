package io.npuzzle.runtime.json;

/**
 * A record with its JSON text ({@link JsonCodec#encoded}, {@link JsonCodec#decoded}), so that one written to Redis
 * and to a topic, or read from one and written to the other, is encoded once.
 */
public record Encoded<T>(T value, String json) {
}
