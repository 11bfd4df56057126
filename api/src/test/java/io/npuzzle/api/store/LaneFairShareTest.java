package io.npuzzle.api.store;

import io.npuzzle.api.PipelineResource;
import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.api.jobs.Admission;
import io.npuzzle.api.jobs.Client;
import io.npuzzle.api.jobs.Dispatch;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fair share of the heavy lane between clients in a real Redis, by the store's scripts: its window set to 2 jobs
 * published and not yet started, so that a window holds more than one, the rest wait their turn. No worker takes the jobs: a start is
 * what the worker's start script does to the lane.
 */
@QuarkusTest
@WithTestResource(PipelineResource.class)
@TestProfile(LaneFairShareTest.WindowOfTwo.class)
class LaneFairShareTest {

    public static class WindowOfTwo implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("npuzzle.api.fair-share.heavy-window", "2");
        }
    }

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final SolveCost LANE = SolveCost.HEAVY;
    private static final Client ALICE = Client.ofKey("alice", 1);
    private static final Client BOB = Client.ofKey("bob", 1);
    private static final String BOARD = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";

    @Inject
    RedisJobStore store;
    @Inject
    RedisDataSource redis;

    @BeforeEach
    @AfterEach
    void emptyTheLane() {
        List<String> keys = new ArrayList<>(redis.key().keys(RedisKeys.laneQueuePrefix(LANE) + "*"));
        keys.addAll(List.of(RedisKeys.laneHandedOut(LANE), RedisKeys.laneClients(LANE), RedisKeys.laneWeights(LANE)));
        redis.key().del(keys.toArray(String[]::new));
    }

    private SolveRequest submit(Client client, Admission expected) {
        SolveRequest request = JobServiceFixture.request(BOARD, 5, 5, Mode.OPTIMAL).ownedBy(client.label());
        assertEquals(expected, store.create(request, LANE, client).await().atMost(AT_MOST));
        return request;
    }

    private List<SolveRequest> submit(Client client, int jobs) {
        List<SolveRequest> requests = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            requests.add(submit(client, Admission.WAIT_ITS_TURN));
        }
        return requests;
    }

    /** What a worker's start does to the lane: the job leaves the published jobs not yet started. */
    private void start(SolveRequest request) {
        redis.execute("EVAL", JobScripts.START, "3", RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS,
                RedisKeys.laneHandedOut(LANE), "2026-01-01T00:00:00Z", "5", RedisKeys.CHANGED_CHANNEL,
                request.jobId());
    }

    private Dispatch dispatch() {
        return store.dispatch(LANE, 100).await().atMost(AT_MOST);
    }

    private boolean isOpen(SolveRequest request) {
        return redis.sortedSet(String.class).zscore(RedisKeys.OPEN_JOBS, request.jobId()).isPresent();
    }

    @Test
    void jobsArePublishedAtOnceWhileTheWindowHasRoomThenWaitTheirTurnNotOpen() {
        SolveRequest first = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        SolveRequest third = submit(ALICE, Admission.WAIT_ITS_TURN);

        assertTrue(isOpen(first), "a published job is open: the re-drive watches it");
        assertFalse(isOpen(third), "a job waiting its turn is not going quiet");
        assertEquals(Map.of(SolveCost.QUICK, 0L, SolveCost.HEAVY, 1L), store.waiting(ALICE).await().atMost(AT_MOST));
        assertEquals(List.of(), dispatch().handedOut(), "no room until a job starts");

        start(first);
        Dispatch next = dispatch();
        assertEquals(List.of(third), next.handedOut());
        assertEquals(0, next.clientsWaiting());
        assertEquals(0, next.jobsWaiting());
        assertTrue(isOpen(third), "open once published");
    }

    @Test
    void aQuietClientsJobIsHandedOutBeforeTheRestOfAFlood() {
        SolveRequest running = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        List<SolveRequest> flood = submit(ALICE, 20);
        SolveRequest bobs = submit(BOB, Admission.WAIT_ITS_TURN);

        start(running);
        Dispatch next = dispatch();
        assertEquals(List.of(bobs), next.handedOut(), "the next free place goes to the client that waited least");
        assertEquals(1, next.clientsWaiting());
        assertEquals(flood.size(), next.jobsWaiting(), "every job still waiting, over all clients");
        assertEquals(flood.size(), store.waiting(ALICE).await().atMost(AT_MOST).get(LANE));
    }

    @Test
    void twoFloodingClientsTakeTurnsAndAWeightOfTwoGetsTwoTurnsForOne() {
        assertEquals(List.of("bob", "alice", "bob", "alice", "bob", "alice"),
                turns(Client.ofKey("alice", 1), Client.ofKey("bob", 1), 6));

        emptyTheLane();
        List<String> weighted = turns(Client.ofKey("alice", 2), Client.ofKey("bob", 1), 9);
        assertEquals(6, weighted.stream().filter("alice"::equals).count(), "weight 2: " + weighted);
        assertEquals(3, weighted.stream().filter("bob"::equals).count(), "weight 1: " + weighted);
    }

    /** Fills the window, queues 10 jobs for each client, then frees the window one job at a time. */
    private List<String> turns(Client first, Client second, int count) {
        List<SolveRequest> handedOut = new ArrayList<>(List.of(submit(first, Admission.PUBLISH_NOW),
                submit(first, Admission.PUBLISH_NOW)));
        submit(first, 10);
        submit(second, 10);
        List<String> turns = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            start(handedOut.remove(0));
            SolveRequest next = dispatch().handedOut().get(0);
            turns.add(next.owner());
            handedOut.add(next);
        }
        return turns;
    }

    @Test
    void aJobCancelledWhileItWaitedIsPassedOverWithoutCostingItsClientATurn() {
        SolveRequest running = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        SolveRequest cancelled = submit(ALICE, Admission.WAIT_ITS_TURN);
        SolveRequest waiting = submit(ALICE, Admission.WAIT_ITS_TURN);
        store.cancel(SolveOutcome.cancelled(cancelled.jobId(), "api")).await().atMost(AT_MOST);

        start(running);
        assertEquals(List.of(waiting), dispatch().handedOut());
        assertFalse(isOpen(cancelled));
    }

    @Test
    void publishedJobsThatNeverStartLeaveTheWindowAfterTheLanesQuietTimeForTheReDriveToTake() {
        SolveRequest lost = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        SolveRequest waiting = submit(ALICE, Admission.WAIT_ITS_TURN);
        redis.sortedSet(String.class).zadd(RedisKeys.laneHandedOut(LANE), 0, lost.jobId());

        assertEquals(List.of(waiting), dispatch().handedOut());
        assertTrue(isOpen(lost), "still open: the re-drive publishes it again");
    }

    @Test
    void aJobThatEndsBeforeItStartsLeavesTheWindow() {
        SolveRequest cancelled = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        SolveRequest waiting = submit(ALICE, Admission.WAIT_ITS_TURN);
        store.cancel(SolveOutcome.cancelled(cancelled.jobId(), "api")).await().atMost(AT_MOST);

        assertEquals(List.of(waiting), dispatch().handedOut());
    }
}
