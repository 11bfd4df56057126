package io.npuzzle.api.limits;

import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.Client;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;

/**
 * Who a request comes from, for the rate limit and for fair shares: the client of its API key when keys are on,
 * else its address, or the configured client header's value.
 */
@ApplicationScoped
public class Clients {

    /** Client addresses longer than this (a forged header) are cut, so one client cannot fill memory. */
    private static final int MAX_ADDRESS_LENGTH = 100;

    private final ApiConfig config;

    Clients(ApiConfig config) {
        this.config = config;
    }

    /** The request's client, weighted as {@code npuzzle.api.fair-share.weights} says (1 unless named there). */
    public Client of(RoutingContext context) {
        String keyName = Caller.of(context).keyName();
        return keyName != null ? Client.ofKey(keyName, config.fairShare().weights().getOrDefault(keyName, 1))
                : Client.ofAddress(address(context));
    }

    /** The address a request comes from: the client header's value when one is configured and sent. */
    String address(RoutingContext context) {
        Optional<String> named = config.rateLimit().clientHeader().map(header -> context.request().getHeader(header));
        String address = named.orElseGet(() -> context.request().remoteAddress() == null ? ""
                : context.request().remoteAddress().hostAddress());
        return address.length() <= MAX_ADDRESS_LENGTH ? address : address.substring(0, MAX_ADDRESS_LENGTH);
    }
}
