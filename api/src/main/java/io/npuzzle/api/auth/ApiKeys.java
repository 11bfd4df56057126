package io.npuzzle.api.auth;

import java.util.Map;
import java.util.Optional;

/** Which client, if any, a presented key belongs to. */
public final class ApiKeys {

    private final Map<String, KeyHash> keys;

    /** @param keys the hash of each client's key, by client name */
    public ApiKeys(Map<String, KeyHash> keys) {
        if (keys.isEmpty()) {
            throw new IllegalStateException("API keys are on (npuzzle.api.auth.enabled) but none is configured:"
                    + " set npuzzle.api.auth.keys.<name>=sha256:<hex>");
        }
        this.keys = Map.copyOf(keys);
    }

    /** The name of the client whose key this is, or empty for a key that is not configured. */
    public Optional<String> clientOf(String presented) {
        KeyHash hash = KeyHash.ofKey(presented);
        String client = null;
        // Every configured hash is compared, so the time taken does not say which one came close.
        for (Map.Entry<String, KeyHash> entry : keys.entrySet()) {
            if (entry.getValue().matches(hash)) {
                client = entry.getKey();
            }
        }
        return Optional.ofNullable(client);
    }
}
