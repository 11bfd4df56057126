package io.npuzzle.protocol;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Digests as hex text: SHA-256 for keys and fingerprints derived from client input, SHA-1 where Redis names by it. */
public final class Hashes {

    private Hashes() {
    }

    public static String sha256Hex(String text) {
        return hex("SHA-256", text);
    }

    /** The name Redis gives a script (EVALSHA). */
    public static String sha1Hex(String text) {
        return hex("SHA-1", text);
    }

    private static String hex(String algorithm, String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm)
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has " + algorithm, e);
        }
    }
}
