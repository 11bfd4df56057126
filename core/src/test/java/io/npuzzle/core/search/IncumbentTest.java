package io.npuzzle.core.search;

import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IncumbentTest {

    @Test
    void aBoardEstimatedHardAsksAtOnceAndOneEstimatedNearOnlyOnceItsSearchHasRunAWhile() {
        Incumbent hard = new Incumbent(1.0, () -> answer(120));
        hard.offerLowerBound(Incumbent.HARD_ESTIMATE);
        assertTrue(hard.askDue(false));
        Incumbent near = new Incumbent(1.0, () -> answer(60));
        near.offerLowerBound(Incumbent.HARD_ESTIMATE - 1);
        assertFalse(near.askDue(false));
        assertTrue(near.askDue(true));
    }

    @Test
    void sourcesAreAskedInTurnAndOnlyAShorterAnswerReplacesTheOneHeld() {
        Incumbent incumbent = new Incumbent(1.0, List.of(() -> answer(130), () -> answer(134), () -> answer(126)));
        incumbent.offerLowerBound(Incumbent.HARD_ESTIMATE);
        assertTrue(incumbent.ask());
        assertEquals(OptionalInt.of(130), incumbent.length());
        assertFalse(incumbent.ask(), "a longer answer");
        assertEquals(OptionalInt.of(130), incumbent.length());
        assertTrue(incumbent.askDue(false));
        assertTrue(incumbent.ask());
        assertEquals(OptionalInt.of(126), incumbent.length());
        assertTrue(incumbent.askedFor());
        assertFalse(incumbent.askDue(true), "no source is left");
        assertFalse(incumbent.ask());
    }

    @Test
    void noLaterSourceIsAskedOnceTheAnswerHeldIsShortest() {
        SolveResult shortest = SolveResult.solved("rl".repeat(50), true, 0, 0, Strategy.of(Algorithm.REDUCTION));
        Incumbent incumbent = new Incumbent(1.0, List.of(() -> shortest, () -> answer(90)));
        incumbent.offerLowerBound(Incumbent.HARD_ESTIMATE);
        assertTrue(incumbent.ask());

        assertTrue(incumbent.askedFor());
        assertFalse(incumbent.askDue(true));
        assertEquals(OptionalInt.of(100), incumbent.length());
    }

    @Test
    void noLaterSourceIsAskedOnceTheAnswerHeldIsProvenWithinTheWeight() {
        Incumbent incumbent = new Incumbent(1.25, List.of(() -> answer(120), () -> answer(100)));
        incumbent.offerLowerBound(Incumbent.HARD_ESTIMATE);
        assertTrue(incumbent.ask());
        assertFalse(incumbent.askedFor(), "120 is not yet proven within 1.25 of 81");

        incumbent.offerLowerBound(96);

        assertTrue(incumbent.askedFor(), "120 is within 1.25 of 96");
        assertFalse(incumbent.askDue(true));
    }

    /** Moves of the given length: only lengths matter here. */
    private static SolveResult answer(int length) {
        return SolveResult.solved("rl".repeat(length / 2), false, 0, 0, Strategy.of(Algorithm.REDUCTION));
    }
}
