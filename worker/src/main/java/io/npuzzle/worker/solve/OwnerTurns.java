package io.npuzzle.worker.solve;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * A fixed number of slots handed out in turns between owners: while searches wait for a slot, the next one to free
 * goes to the owner whose turn it is, and each owner's searches take theirs in the order they came. An owner that
 * starts waiting goes first, so a quiet owner's search never waits behind another's flood of searches already
 * started here (round robin between owners' queues, a new queue at the head, as the API's lanes do between clients).
 */
public final class OwnerTurns {

    private final int slots;
    private int free;
    /** Owners with searches waiting, in their turns. */
    private final ArrayDeque<String> turns = new ArrayDeque<>();
    /** Each waiting owner's searches, oldest first. */
    private final Map<String, ArrayDeque<Waiter>> waiting = new HashMap<>();

    /** A search waiting for a slot: woken alone when granted one, so a freed slot wakes no other thread. */
    private static final class Waiter {
        private final Thread thread = Thread.currentThread();
        private volatile boolean granted;
    }

    public OwnerTurns(int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("at least one slot: " + slots);
        }
        this.slots = slots;
        this.free = slots;
    }

    public int slots() {
        return slots;
    }

    /** Takes a slot for the owner's search, waiting for its turn when none is free; interrupts are kept for later. */
    public void acquire(String owner) {
        Waiter waiter;
        synchronized (this) {
            if (free > 0 && turns.isEmpty()) {
                free--;
                return;
            }
            waiter = new Waiter();
            ArrayDeque<Waiter> queue = waiting.computeIfAbsent(owner, o -> new ArrayDeque<>());
            if (queue.isEmpty()) {
                turns.addFirst(owner);
            }
            queue.addLast(waiter);
        }
        boolean interrupted = false;
        while (!waiter.granted) {
            LockSupport.park(this);
            interrupted |= Thread.interrupted();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Gives a slot back: to the next owner in turn when searches wait. */
    public void release() {
        Waiter next;
        synchronized (this) {
            String owner = turns.pollFirst();
            if (owner == null) {
                free++;
                return;
            }
            ArrayDeque<Waiter> queue = waiting.get(owner);
            next = queue.pollFirst();
            if (queue.isEmpty()) {
                waiting.remove(owner);
            } else {
                turns.addLast(owner);
            }
        }
        next.granted = true;
        LockSupport.unpark(next.thread);
    }

    /** Searches waiting for a slot, over all owners. */
    public synchronized int waiting() {
        return waiting.values().stream().mapToInt(ArrayDeque::size).sum();
    }
}
