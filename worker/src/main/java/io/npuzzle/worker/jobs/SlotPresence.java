package io.npuzzle.worker.jobs;

/**
 * What one of a worker's slots says of itself to the job store, so that the API publishes a lane's jobs only for
 * slots free to take them: the next slot that frees takes the job whose turn it is then. Called from the slot's own
 * thread, as often as it likes: a word is sent when it changes, and again before the last one runs out.
 */
public interface SlotPresence {

    /** Does nothing: for slots whose lane publishes by its window alone. */
    SlotPresence NONE = new SlotPresence() {
        @Override
        public void idle() {
        }

        @Override
        public void busy() {
        }

        @Override
        public void gone() {
        }
    };

    /** The slot waits for a job. */
    void idle();

    /** The slot has taken a job; said before the job starts. */
    void busy();

    /** The slot takes no more jobs (its worker stops). */
    void gone();
}
