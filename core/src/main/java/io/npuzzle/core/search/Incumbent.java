package io.npuzzle.core.search;

import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveResult;

import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The best answer one solve holds besides its search's own, and the least length its searches have proven every
 * answer to have: the incumbent of branch and bound (Land and Doig 1960), which makes a search anytime. The answer
 * comes from {@link QuickAnswer}s, each asked for once and in turn, the shortest answer kept: at the search's start
 * when its estimate proves the board hard ({@link #HARD_ESTIMATE}), else when the search has run a while without an
 * answer, or when it has run out of budget.
 * A search with weight w takes its length as an upper bound: it never enters a node whose g + h reaches it, and
 * ends as soon as its lower bound proves the answer within w of the shortest (the shortest when w is 1). An optimal
 * solve whose budget runs out answers with it, marked with the factor it is proven to be within; a bounded one keeps
 * its promise and reports that it ran out, the answer attached. Thread-safe: the threads of one search raise the
 * lower bound and ask for the answer.
 */
public final class Incumbent {

    /**
     * The least estimate of a start for which a search asks for its answer at once: beyond the longest optimal
     * answer of any 15-puzzle, 80 moves (Bruengger et al. 1999), which IDA* with the databases proves within a
     * quick solve's budget. A board estimated this far from its goal is not proven in a moment, and its clients
     * see an answer within the first answer's time; boards estimated nearer ask only once their search has run a
     * while, and most are proven before.
     */
    public static final int HARD_ESTIMATE = 81;

    private final double weight;
    private final List<QuickAnswer> sources;
    private final AtomicInteger lowerBound = new AtomicInteger();
    private volatile int asked;
    private volatile SolveResult best;

    /**
     * @param weight  the factor w the solve's answer must be within, at least 1: 1 for optimal answers
     * @param sources where the answer comes from, asked for in this order: a later one is to find a shorter answer
     */
    public Incumbent(double weight, List<QuickAnswer> sources) {
        if (!(weight >= 1.0)) {
            throw new IllegalArgumentException("weight must be at least 1");
        }
        this.weight = weight;
        this.sources = List.copyOf(sources);
    }

    /** An incumbent whose answer comes from one source. */
    public Incumbent(double weight, QuickAnswer source) {
        this(weight, List.of(source));
    }

    /** The incumbent of a search on its own, which never holds an answer. */
    public static Incumbent none(double weight) {
        return new Incumbent(weight, QuickAnswer.NONE);
    }

    /**
     * True once no source is left worth asking: every one was asked for its answer, found or not, or the answer held
     * is the shortest, or proven within the weight, so that no later one can serve better.
     */
    public boolean askedFor() {
        SolveResult held = best;
        return asked == sources.size() || held != null && (held.optimal() || proven());
    }

    /**
     * Whether a search should ask now: a source is left, and the search has run a while ({@code ranAWhile}) or
     * the lower bound offered, the start's estimate at first, is at least {@link #HARD_ESTIMATE}.
     */
    public boolean askDue(boolean ranAWhile) {
        return !askedFor() && (ranAWhile || lowerBound.get() >= HARD_ESTIMATE);
    }

    /**
     * Asks the next source for its answer, unless every one was asked before, waiting for an answer another thread
     * is finding; true when this call found one shorter than the answer held.
     */
    public synchronized boolean ask() {
        if (askedFor()) {
            return false;
        }
        SolveResult found = sources.get(asked++).find();
        if (found == null || !found.isSolved()) {
            return false;
        }
        SolveResult held = best;
        if (held != null && held.length() <= found.length()) {
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
     * cancelled. When the search ran out of budget, the answer held (asked for now if none is), with the factor
     * by which it may exceed the shortest length, length / lower bound: SOLVED but not optimal for an optimal solve,
     * over budget for a bounded one unless proven within its weight.
     */
    public SolveResult answer(SolveResult searched) {
        if (searched.outcome() != Outcome.BUDGET_EXCEEDED) {
            return searched;
        }
        while (best == null && !askedFor()) {
            ask(); // a search out of budget takes the first answer there is
        }
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
