package io.npuzzle.worker.store;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisScripts;
import io.npuzzle.worker.jobs.LaneSlots;
import io.npuzzle.worker.jobs.SlotPresence;
import io.quarkus.redis.datasource.RedisDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;

/**
 * Slots that say where they stand in Redis ({@link JobScripts#SLOT_IDLE}, {@link JobScripts#SLOT_BUSY},
 * {@link JobScripts#SLOT_GONE}). A word holds for {@link #WORD_HOLDS} and is said again after a third of it, so a
 * slot whose worker died stops counting within it. A word Redis did not take is said again at the next call.
 */
@ApplicationScoped
public class RedisLaneSlots implements LaneSlots {

    private static final Logger LOG = Logger.getLogger(RedisLaneSlots.class);
    /** How long a slot's word holds: a slot whose worker died stops counting within it. */
    static final Duration WORD_HOLDS = Duration.ofSeconds(10);

    private final RedisDataSource redis;

    RedisLaneSlots(RedisDataSource redis) {
        this.redis = redis;
    }

    @Override
    public SlotPresence slot(SolveCost lane, String slot) {
        return new Presence(lane, slot);
    }

    private enum Word { NONE, IDLE, BUSY, GONE }

    private final class Presence implements SlotPresence {

        private final SolveCost lane;
        private final String slot;
        private Word said = Word.NONE;
        private long saidAt;

        Presence(SolveCost lane, String slot) {
            this.lane = lane;
            this.slot = slot;
        }

        @Override
        public void idle() {
            say(Word.IDLE, JobScripts.SLOT_IDLE);
        }

        @Override
        public void busy() {
            say(Word.BUSY, JobScripts.SLOT_BUSY);
        }

        @Override
        public void gone() {
            say(Word.GONE, JobScripts.SLOT_GONE);
        }

        private void say(Word word, String script) {
            long now = System.nanoTime();
            boolean due = word != Word.GONE && now - saidAt > WORD_HOLDS.toNanos() / 3;
            if (word == said && !due) {
                return;
            }
            try {
                RedisScripts.run(redis, script, "2", RedisKeys.laneSlots(lane), RedisKeys.laneIdleSlots(lane), slot,
                        Long.toString(WORD_HOLDS.toMillis()), RedisKeys.LANE_ROOM_CHANNEL,
                        lane.label());
                said = word;
                saidAt = now;
            } catch (RuntimeException e) {
                LOG.debugf("slot %s could not say it is %s: %s", slot, word, e.getMessage());
            }
        }
    }
}
