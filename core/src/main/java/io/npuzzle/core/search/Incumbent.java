package io.npuzzle.core.search;

import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveResult;

import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The best answer one solve holds besides its search's own, and the least length its searches have proven every
 * answer to have: the incumbent of branch and bound (Land and Doig 1960), which makes a search anytime. The answer is
 * a {@link QuickAnswer}, asked for once, when the search has run a while without an answer or has run out of budget.
 * A search with weight w takes its length as an upper bound: it never enters a node whose g + h reaches it, and
 * ends as soon as its lower bound proves the answer within w of the shortest (the shortest when w is 1). An optimal
 * solve whose budget runs out answers with it, marked with the factor it is proven to be within; a bounded one keeps
 * its promise and reports that it ran out, the answer attached. Thread-safe: the threads of one search raise the
 * lower bound and ask for the answer.
 */
public final class Incumbent {

    private final double weight;
    private final QuickAnswer source;
    private final AtomicInteger lowerBound = new AtomicInteger();
    private volatile boolean asked;
    private volatile SolveResult best;

    /**
     * @param weight the factor w the solve's answer must be within, at least 1: 1 for optimal answers
     * @param source where the answer comes from when asked for
     */
    public Incumbent(double weight, QuickAnswer source) {
        if (!(weight >= 1.0)) {
            throw new IllegalArgumentException("weight must be at least 1");
        }
        this.weight = weight;
        this.source = source;
    }

    /** The incumbent of a search on its own, which never holds an answer. */
    public static Incumbent none(double weight) {
        return new Incumbent(weight, QuickAnswer.NONE);
    }

    /** True once the answer has been asked for, found or not. */
    public boolean askedFor() {
        return asked;
    }

    /**
     * Asks for the answer unless it was asked for before, waiting for an answer another thread is finding; true
     * when this call found one.
     */
    public synchronized boolean ask() {
        if (asked) {
            return false;
        }
        asked = true;
        SolveResult found = source.find();
        if (found == null || !found.isSolved()) {
            return false;
        }
        best = found;
        return true;
    }

    /** The length of the answer held; empty before there is one. */
    public OptionalInt length() {
        SolveResult held = best;
        return held == null ? OptionalInt.empty() : OptionalInt.of(held.length());
    }

    /**
     * Raises the lower bound to {@code length}, which a search has proven for every answer shorter than the one
     * held: one that leaves out the nodes whose g + h reaches the held answer's length proves no more than that
     * length, which the held answer reaches.
     */
    public void offerLowerBound(int length) {
        SolveResult held = best;
        int proven = held == null ? length : Math.min(length, held.length());
        lowerBound.accumulateAndGet(proven, Math::max);
    }

    public int lowerBound() {
        return lowerBound.get();
    }

    /**
     * The least length C with w * C >= {@code f}: once a search has met every node whose f (g + floor(w * h)) is
     * below f, and found no answer, every answer is at least this long, since each node of a shortest path has
     * f <= w * C*.
     */
    public int leastLength(int f) {
        if (weight == 1.0) {
            return f;
        }
        int length = (int) (f / weight);
        while (length * weight < f) {
            length++;
        }
        return length;
    }

    /** True when the answer held is proven within the weight of the shortest length. */
    public boolean proven() {
        SolveResult held = best;
        return held != null && held.length() <= weight * lowerBound.get();
    }

    /**
     * The answer held, once {@link #proven()}: optimal when its length meets the lower bound, else within the weight.
     *
     * @param expanded the nodes of the search that proved it
     */
    public SolveResult provenAnswer(long expanded, long nanos) {
        SolveResult held = best;
        int proven = lowerBound.get();
        boolean optimal = held.length() <= proven;
        return new SolveResult(Outcome.SOLVED, held.moves(), optimal, expanded, nanos, held.strategy(), null, weight,
                OptionalInt.of(proven));
    }

    /**
     * The search's own answer {@code found}, within the weight, with the bound and the lower bound proven; or the
     * answer held when that is shorter, and then within the weight as well.
     */
    public SolveResult better(SolveResult found) {
        SolveResult held = best;
        if (held != null && held.length() < found.length()) {
            return provenAnswer(found.expanded(), found.nanos());
        }
        return found.optimal() ? found : found.withBound(weight).withLowerBound(lowerBound.get());
    }

    /**
     * The solve's answer once its search has ended with {@code searched}: the search's when it answered or was
     * cancelled. When the search ran out of budget, the answer held (asked for now if it never was), with the factor
     * by which it may exceed the shortest length, length / lower bound: SOLVED but not optimal for an optimal solve,
     * over budget for a bounded one unless proven within its weight.
     */
    public SolveResult answer(SolveResult searched) {
        if (searched.outcome() != Outcome.BUDGET_EXCEEDED) {
            return searched;
        }
        ask();
        SolveResult held = best;
        if (held == null) {
            return searched;
        }
        if (proven()) {
            return provenAnswer(searched.expanded(), searched.nanos());
        }
        int proven = lowerBound.get(); // at least 1: a search offers its start's estimate first
        return new SolveResult(weight == 1.0 ? Outcome.SOLVED : Outcome.BUDGET_EXCEEDED, held.moves(), false,
                searched.expanded(), searched.nanos(), held.strategy().after(searched.strategy().last()),
                searched.exceeded(), (double) held.length() / proven, OptionalInt.of(proven));
    }
}
