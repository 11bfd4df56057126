package io.npuzzle.api.store;

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
import io.npuzzle.runtime.json.Encoded;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.testsupport.InfrastructureResource;
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
 * Fair share of a lane between clients in a real Redis, by the store's scripts: the heavy lane's window set to 2 jobs
 * published and not yet started, so that a window holds more than one, the rest wait their turn; the quick lane's to
 * as many as were started within 5 s, from 2 to 8. No worker runs beside the app: a start is what the worker's start
 * script does to the lane, and a slot's word what its slot scripts say (a real worker's heavy slot would say it waits
 * every few seconds, and so change the heavy lane's window under a test).
 */
@QuarkusTest
@WithTestResource(InfrastructureResource.class)
@TestProfile(LaneFairShareTest.WindowOfTwo.class)
class LaneFairShareTest {

    public static class WindowOfTwo implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("npuzzle.api.fair-share.heavy-window", "2",
                    "npuzzle.api.fair-share.quick-window", Integer.toString(QUICK_WINDOW),
                    "npuzzle.api.fair-share.min-window", Integer.toString(MIN_WINDOW),
                    "npuzzle.api.fair-share.lead-time", "PT5S",
                    // The app's own looks at the lanes would hand out what each test hands out itself.
                    "npuzzle.api.fair-share.dispatch-period", "PT1H");
        }
    }

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final String UNHEARD_CHANNEL = "npuzzle:lane-fair-share-test:changed";
    private static final int QUICK_WINDOW = 8;
    private static final int MIN_WINDOW = 2;
    private static final SolveCost LANE = SolveCost.HEAVY;
    private static final Client ALICE = Client.ofKey("alice", 1);
    private static final Client BOB = Client.ofKey("bob", 1);
    private static final String BOARD = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";

    @Inject
    RedisJobStore store;
    @Inject
    RedisDataSource redis;
    @Inject
    JsonCodec json;

    @BeforeEach
    @AfterEach
    void emptyTheLanes() {
        for (SolveCost lane : SolveCost.values()) {
            List<String> keys = new ArrayList<>(redis.key().keys(RedisKeys.laneQueuePrefix(lane) + "*"));
            keys.addAll(List.of(RedisKeys.laneHandedOut(lane), RedisKeys.laneClients(lane),
                    RedisKeys.laneWeights(lane), RedisKeys.laneStarted(lane), RedisKeys.laneSlots(lane),
                    RedisKeys.laneIdleSlots(lane), RedisKeys.laneLent(lane)));
            redis.key().del(keys.toArray(String[]::new));
        }
    }

    /** The requests a dispatch handed out, in their turns. */
    private static List<SolveRequest> requests(Dispatch dispatch) {
        return dispatch.handedOut().stream().map(Encoded::value).toList();
    }

    private SolveRequest submit(Client client, Admission expected) {
        SolveRequest request = JobServiceFixture.request(BOARD, 5, 5, Mode.OPTIMAL).ownedBy(client.label());
        assertEquals(expected, store.create(json.encoded(request), LANE, client).await().atMost(AT_MOST));
        return request;
    }

    private SolveRequest submitQuick(Admission expected) {
        return submitQuick(ALICE, expected);
    }

    private SolveRequest submitQuick(Client client, Admission expected) {
        SolveRequest request = JobServiceFixture.request(JobServiceFixture.BOARD_3X3, 3, 3, Mode.FAST)
                .ownedBy(client.label());
        assertEquals(expected, store.create(json.encoded(request), SolveCost.QUICK, client).await().atMost(AT_MOST));
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
        start(request, LANE);
    }

    private void start(SolveRequest request, SolveCost lane) {
        // Announced on a channel the app does not follow: its dispatch, woken by a start, would hand out what the
        // test's own dispatch is to hand out.
        redis.execute("EVAL", JobScripts.START, "4", RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS,
                RedisKeys.laneHandedOut(lane), RedisKeys.laneStarted(lane), "2026-01-01T00:00:00Z", "5",
                UNHEARD_CHANNEL, request.jobId());
    }


    /** What a worker's heavy slot says of itself, its word holding for {@code millis}; the script's reply. */
    private int slotSays(String script, String slot, long millis) {
        return redis.execute("EVAL", script, "2", RedisKeys.laneSlots(LANE), RedisKeys.laneIdleSlots(LANE), slot,
                Long.toString(millis), RedisKeys.LANE_ROOM_CHANNEL, "heavy").toInteger();
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
        assertEquals(List.of(), requests(dispatch()), "no room until a job starts");

        start(first);
        Dispatch next = dispatch();
        assertEquals(List.of(third), requests(next));
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
        assertEquals(List.of(bobs), requests(next), "the next free place goes to the client that waited least");
        assertEquals(1, next.clientsWaiting());
        assertEquals(flood.size(), next.jobsWaiting(), "every job still waiting, over all clients");
        assertEquals(flood.size(), store.waiting(ALICE).await().atMost(AT_MOST).get(LANE));
    }

    @Test
    void twoFloodingClientsTakeTurnsAndAWeightOfTwoGetsTwoTurnsForOne() {
        assertEquals(List.of("bob", "alice", "bob", "alice", "bob", "alice"),
                turns(Client.ofKey("alice", 1), Client.ofKey("bob", 1), 6));

        emptyTheLanes();
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
            SolveRequest next = requests(dispatch()).get(0);
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
        assertEquals(List.of(waiting), requests(dispatch()));
        assertFalse(isOpen(cancelled));
    }

    @Test
    void publishedJobsThatNeverStartLeaveTheWindowAfterTheLanesQuietTimeForTheReDriveToTake() {
        SolveRequest lost = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        SolveRequest waiting = submit(ALICE, Admission.WAIT_ITS_TURN);
        redis.sortedSet(String.class).zadd(RedisKeys.laneHandedOut(LANE), 0, lost.jobId());

        assertEquals(List.of(waiting), requests(dispatch()));
        assertTrue(isOpen(lost), "still open: the re-drive publishes it again");
    }

    @Test
    void aJobThatEndsBeforeItStartsLeavesTheWindow() {
        SolveRequest cancelled = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        SolveRequest waiting = submit(ALICE, Admission.WAIT_ITS_TURN);
        store.cancel(SolveOutcome.cancelled(cancelled.jobId(), "api")).await().atMost(AT_MOST);

        assertEquals(List.of(waiting), requests(dispatch()));
    }

    @Test
    void aLaneWhoseWorkersStartedNoJobLatelyKeepsOnlyItsLeastWindowAheadOfThem() {
        SolveRequest first = submitQuick(Admission.PUBLISH_NOW);
        submitQuick(Admission.PUBLISH_NOW);
        SolveRequest lent = submitQuick(Admission.PUBLISH_NOW);
        SolveRequest held = submitQuick(Admission.WAIT_ITS_TURN);
        assertEquals(List.of(), requests(store.dispatch(SolveCost.QUICK, 100).await().atMost(AT_MOST)),
                "jobs no worker takes never widen the window");

        start(first, SolveCost.QUICK);
        assertEquals(List.of(), requests(store.dispatch(SolveCost.QUICK, 100).await().atMost(AT_MOST)),
                "a job lent a place counts in the window until it starts");
        start(lent, SolveCost.QUICK);
        assertEquals(List.of(held), requests(store.dispatch(SolveCost.QUICK, 100).await().atMost(AT_MOST)));
    }

    @Test
    void aQuickClientThatNeitherWaitsNorHoldsALentJobIsLentAPlacePastAFullWindowOnce() {
        for (int i = 0; i < MIN_WINDOW + 1; i++) {
            submitQuick(Admission.PUBLISH_NOW);
        }
        submitQuick(Admission.WAIT_ITS_TURN);

        SolveRequest bobs = submitQuick(BOB, Admission.PUBLISH_NOW);
        submitQuick(BOB, Admission.WAIT_ITS_TURN);
        start(bobs, SolveCost.QUICK);
        submitQuick(BOB, Admission.WAIT_ITS_TURN);
        assertEquals(Map.of(SolveCost.QUICK, 2L, SolveCost.HEAVY, 0L), store.waiting(BOB).await().atMost(AT_MOST),
                "once waiting, Bob's jobs take their turns");
        assertEquals(1L, store.waiting(ALICE).await().atMost(AT_MOST).get(SolveCost.QUICK));
    }

    @Test
    void aLaneKeepsAsManyJobsAheadAsItsWorkersStartedWithinTheLeadTimeUpToItsWindow() {
        for (int i = 0; i < MIN_WINDOW + 3; i++) {
            start(submitQuick(Admission.PUBLISH_NOW), SolveCost.QUICK);
        }
        for (int i = 0; i < MIN_WINDOW + 3; i++) {
            submitQuick(Admission.PUBLISH_NOW);
        }
        // A place lent past the window, as to any client that neither waits nor holds one.
        submitQuick(Admission.PUBLISH_NOW);
        submitQuick(Admission.WAIT_ITS_TURN);

        emptyTheLanes();
        for (int i = 0; i < 2 * QUICK_WINDOW; i++) {
            start(submitQuick(Admission.PUBLISH_NOW), SolveCost.QUICK);
        }
        for (int i = 0; i < QUICK_WINDOW; i++) {
            submitQuick(Admission.PUBLISH_NOW);
        }
        submitQuick(Admission.PUBLISH_NOW);
        submitQuick(Admission.WAIT_ITS_TURN);
    }

    @Test
    void whereSlotsSayWhereTheyStandAJobIsPublishedOnlyForASlotThatWaitsAndTheNextOneToFreeTakesTheNextInTurn() {
        slotSays(JobScripts.SLOT_BUSY, "worker-1-heavy-0", 10_000);
        slotSays(JobScripts.SLOT_IDLE, "worker-2-heavy-0", 10_000);
        SolveRequest first = submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.WAIT_ITS_TURN);
        SolveRequest bobs = submit(BOB, Admission.WAIT_ITS_TURN);
        assertEquals(List.of(), requests(dispatch()), "the window has room for two, but one slot waits");

        slotSays(JobScripts.SLOT_BUSY, "worker-2-heavy-0", 10_000);
        start(first);
        assertEquals(List.of(), requests(dispatch()), "no slot waits");

        slotSays(JobScripts.SLOT_IDLE, "worker-1-heavy-0", 10_000);
        assertEquals(List.of(bobs), requests(dispatch()), "the slot that freed takes the quiet client's job");
    }

    @Test
    void slotsWhoseWordRanOutNoLongerCountAndTheLaneGoesByItsWindow() {
        long now = redis.execute("TIME").get(0).toLong() * 1000;
        redis.sortedSet(String.class).zadd(RedisKeys.laneSlots(LANE), now - 1000, "worker-1-heavy-0");

        submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.PUBLISH_NOW);
        submit(ALICE, Admission.WAIT_ITS_TURN);
    }

    @Test
    void aSlotThatBecomesIdleSaysSoOnTheRoomChannelOnceNotAtEveryRenewal() {
        assertEquals(1, slotSays(JobScripts.SLOT_IDLE, "worker-1-heavy-0", 10_000));
        assertEquals(0, slotSays(JobScripts.SLOT_IDLE, "worker-1-heavy-0", 10_000));
        slotSays(JobScripts.SLOT_BUSY, "worker-1-heavy-0", 10_000);
        assertEquals(1, slotSays(JobScripts.SLOT_IDLE, "worker-1-heavy-0", 10_000));
    }
}
