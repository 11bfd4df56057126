package io.npuzzle.api.rest;

import java.util.List;

/** The answer to a batch: for each submitted entry, in order, its job or the problem that kept it out. */
public record BatchReply(List<Object> jobs) {
}
