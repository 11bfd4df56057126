package io.npuzzle.api.rest;

import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveRequest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Turning a submission into a solve request, without a running service. */
class SubmissionValidatorTest {

    private final SubmissionValidator validator = new SubmissionValidator(3, 4);

    @Test
    void aSubmissionIsNormalisedIntoARequestWithAFreshId() {
        JobSubmission submission = new JobSubmission("2,3,4,1,5,x,7,6,8", null, null, null, null, null);

        SolveRequest request = validator.validate(submission);

        assertEquals("2 3 4 1 5 0 7 6 8", request.board());
        assertEquals(3, request.rows());
        assertEquals(3, request.cols());
        assertEquals("1 2 3 4 5 6 7 8 0", request.goal());
        assertEquals(Mode.OPTIMAL, request.mode(), "optimal when left out");
        assertEquals(Puzzle.parse("2 3 4 1 5 0 7 6 8", 3, 3, null).canonicalKey(), request.key());
        assertTrue(JobIds.isWellFormed(request.jobId()));
        assertNotEquals(request.jobId(), validator.validate(submission).jobId());
    }

    @Test
    void theModeIsReadOnlyAsTheOpenApiDocumentSpellsIt() {
        assertEquals(Mode.FAST, validator.validate(
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "fast", null)).mode());
        for (String mode : new String[] {"FAST", "Fast", " fast", "fast ", ""}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> validator.validate(
                    new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, mode, null)), mode);
            assertTrue(refused.problem().is(ProblemType.INVALID_MODE), mode);
        }
    }

    @Test
    void anUnknownModeIsAnInvalidModeProblem() {
        ProblemException refused = assertThrows(ProblemException.class,
                () -> validator.validate(new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "slow", null)));

        assertTrue(refused.problem().is(ProblemType.INVALID_MODE));
        assertTrue(refused.problem().detail().contains("unknown mode"), refused.problem().detail());
    }

    @Test
    void boundedModeTakesARatioOrTheDefault() {
        SolveRequest bounded = validator.validate(new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "bounded",
                1.5));
        assertEquals(Mode.BOUNDED, bounded.mode());
        assertEquals(1.5, bounded.ratio());
        assertEquals(1.25, validator.validate(
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "bounded", null)).ratio());
        assertEquals(null, validator.validate(
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, null, null)).ratio(), "none outside bounded");
    }

    @Test
    void aDeadlineWithinItsLanesCapTravelsWithTheRequestAndOneBeyondIsAnInvalidMaxSecondsProblem() {
        String twentyFour = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";
        SubmissionValidator fiveByFive = new SubmissionValidator(5, 5);
        SolveRequest heavy = fiveByFive.validate(new JobSubmission(twentyFour, null, null, null, null, null, 3600));
        assertEquals(3600, heavy.maxSeconds());
        assertEquals(3600, heavy.quality().maxSeconds());
        assertEquals(null, fiveByFive.validate(new JobSubmission(twentyFour, null, null, null, null, null))
                .maxSeconds(), "none given, none set: the lane's budget");
        for (JobSubmission wrong : new JobSubmission[] {
                new JobSubmission(twentyFour, null, null, null, null, null, 0),
                new JobSubmission(twentyFour, null, null, null, null, null, 3601),
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, null, null, 6)}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> fiveByFive.validate(wrong));
            assertEquals(ProblemType.INVALID_MAX_SECONDS.urn(), refused.problem().type(), wrong.toString());
        }
    }

    @Test
    void aRatioOutOfRangeOrWithAnotherModeIsAnInvalidRatioProblem() {
        for (JobSubmission wrong : new JobSubmission[] {
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "bounded", 1.0),
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "bounded", 3.5),
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "bounded", Double.POSITIVE_INFINITY),
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, "fast", 1.5),
                new JobSubmission("1 2 3 4 5 6 7 0 8", null, null, null, null, 2.0)}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> validator.validate(wrong));
            assertTrue(refused.problem().is(ProblemType.INVALID_RATIO), wrong.toString());
            assertEquals(400, refused.problem().status());
        }
    }

    @Test
    void aMissingBodyIsAMalformedRequestProblem() {
        ProblemException refused = assertThrows(ProblemException.class, () -> validator.validate(null));

        assertTrue(refused.problem().is(ProblemType.MALFORMED_REQUEST));
        assertEquals(400, refused.problem().status());
    }

    @Test
    void aBoardBeyondTheLimitsIsAnInvalidBoardProblemNamingThem() {
        ProblemException refused = assertThrows(ProblemException.class, () -> validator.validate(
                new JobSubmission("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", null, null, null, null, null)));

        assertTrue(refused.problem().is(ProblemType.INVALID_BOARD));
        assertTrue(refused.problem().detail().contains("up to 3 rows and 4 columns"), refused.problem().detail());
        assertEquals(3, validator.validate(
                new JobSubmission("1 2 3 4 5 6 7 8 9 10 11 0", 3, 4, null, null, null)).rows());
    }

    @Test
    void aDefectiveBoardIsRefusedNamingTheDefect() {
        BoardFormatException refused = assertThrows(BoardFormatException.class,
                () -> validator.validate(new JobSubmission("1 2 3 4 5 6 7 7 0", null, null, null, null, null)));

        assertTrue(refused.getMessage().contains("duplicate tile 7"), refused.getMessage());
    }
}
