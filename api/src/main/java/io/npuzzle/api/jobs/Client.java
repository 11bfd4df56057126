package io.npuzzle.api.jobs;

import io.npuzzle.protocol.ClientLabel;
import io.npuzzle.protocol.Hashes;

/**
 * Who submitted a job, as fair share between clients counts them: an API key's client, else an address.
 *
 * @param id     the client in the lanes' Redis keys: {@code key:<name>} or {@code address:<SHA-256 of the address>}
 * @param label  the client in the meters ({@link ClientLabel})
 * @param weight the client's turns in a lane for each turn of a client of weight 1
 */
public record Client(String id, String label, int weight) {

    public Client {
        if (weight < 1) {
            throw new IllegalArgumentException("a client's weight is at least 1");
        }
    }

    /** The client of an API key. */
    public static Client ofKey(String keyName, int weight) {
        return new Client("key:" + keyName, keyName, weight);
    }

    /** A client known by its address only (no API keys), of weight 1. */
    public static Client ofAddress(String address) {
        return new Client("address:" + Hashes.sha256Hex(address), ClientLabel.ANONYMOUS, 1);
    }
}
