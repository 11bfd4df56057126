package io.npuzzle.api.auth;

import io.npuzzle.protocol.Hashes;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The key check, without a running service: configured hashes, presented keys, and the configuration forms. */
class ApiKeysTest {

    private static final String ALICE_KEY = "alice-7f3c9e1d2b4a6f8e0c1d3b5a7f9e2c4d";
    private static final String BOB_KEY = "bob-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d";
    private static final ApiKeys KEYS = new ApiKeys(Map.of("alice", hashOf(ALICE_KEY), "bob", hashOf(BOB_KEY)));

    @Test
    void aConfiguredKeyNamesItsClientAndAnyOtherKeyNoClient() {
        assertEquals(Optional.of("alice"), KEYS.clientOf(ALICE_KEY));
        assertEquals(Optional.of("bob"), KEYS.clientOf(BOB_KEY));
        assertEquals(Optional.empty(), KEYS.clientOf(ALICE_KEY + "x"));
        assertEquals(Optional.empty(), KEYS.clientOf(""));
        assertEquals(Optional.empty(), KEYS.clientOf(Hashes.sha256Hex(ALICE_KEY)), "the hash is not the key");
    }

    @Test
    void aHashIsSha256HexAsSha256sumPrintsIt() {
        assertTrue(KeyHash.of("sha256:" + Hashes.sha256Hex(ALICE_KEY)).matches(KeyHash.ofKey(ALICE_KEY)));
        assertTrue(KeyHash.of("sha256:" + Hashes.sha256Hex(ALICE_KEY).toUpperCase()).matches(KeyHash.ofKey(ALICE_KEY)));
        for (String wrong : new String[] {ALICE_KEY, Hashes.sha256Hex(ALICE_KEY), "sha256:abc", "md5:" + "0".repeat(64),
                "sha256:" + "g".repeat(64), ""}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> KeyHash.of(wrong));
            assertFalse(refused.getMessage().contains(ALICE_KEY), "the value is never echoed");
        }
        assertFalse(KeyHash.ofKey(ALICE_KEY).toString().contains(Hashes.sha256Hex(ALICE_KEY)));
    }

    @Test
    void keysOnWithoutAnyKeyIsRefusedAtStart() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> new ApiKeys(Map.of()));
        assertTrue(refused.getMessage().contains("npuzzle.api.auth.keys.<name>"), refused.getMessage());
    }

    @Test
    void keysComeFromPropertiesOrFromVariablesAsASecretGivesThem() {
        String hash = "sha256:" + Hashes.sha256Hex(ALICE_KEY);
        ApiKeysConfig fromProperties = mapping(new PropertiesConfigSource(
                Map.of("npuzzle.api.auth.enabled", "true", "npuzzle.api.auth.keys.alice", hash), "test", 100));
        ApiKeysConfig fromEnvironment = mapping(new EnvConfigSource(
                Map.of("NPUZZLE_API_AUTH_ENABLED", "true", "NPUZZLE_API_AUTH_KEYS_ALICE", hash), 300));
        for (ApiKeysConfig config : new ApiKeysConfig[] {fromProperties, fromEnvironment}) {
            assertTrue(config.enabled());
            assertEquals(Optional.of("alice"), new ApiKeys(config.keys()).clientOf(ALICE_KEY));
        }
        ApiKeysConfig none = mapping(new PropertiesConfigSource(Map.of(), "test", 100));
        assertFalse(none.enabled(), "off unless turned on");
        assertTrue(none.keys().isEmpty());
    }

    private static ApiKeysConfig mapping(org.eclipse.microprofile.config.spi.ConfigSource source) {
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(ApiKeysConfig.class).withSources(source)
                .build();
        return config.getConfigMapping(ApiKeysConfig.class);
    }

    private static KeyHash hashOf(String key) {
        return KeyHash.of("sha256:" + Hashes.sha256Hex(key));
    }
}
