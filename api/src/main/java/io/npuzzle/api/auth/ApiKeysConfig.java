package io.npuzzle.api.auth;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Map;

/** API keys, under {@code npuzzle.api.auth}: off for local use, on wherever the service is shared. */
@ConfigMapping(prefix = "npuzzle.api.auth")
public interface ApiKeysConfig {

    /** Whether every {@code /api/} request must carry a configured key as {@code Authorization: Bearer <key>}. */
    @WithDefault("false")
    boolean enabled();

    /**
     * The keys, by the name of their client: {@code npuzzle.api.auth.keys.<name>=sha256:<hex>}, or as a variable
     * {@code NPUZZLE_API_AUTH_KEYS_<NAME>} (names of lower-case letters and digits). Only hashes are configured.
     */
    Map<String, KeyHash> keys();
}
