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
 *
 * <p>A lane may also lend slots past its own to owners that hold none here: a quiet owner's search then starts at
 * once beside the flood's, instead of waiting for one of them to end. A lent slot is not handed on when its search
 * ends, so the searches beyond the lane's slots are never more than it lends, and each of another owner's.
 */
public final class OwnerTurns {

    private final int slots;
    private final int lendable;
    private int free;
    private int lent;
    /** Slots each owner holds, for the owners that hold any. */
    private final Map<String, Integer> held = new HashMap<>();
    /** Owners with searches waiting, in their turns. */
    private final ArrayDeque<String> turns = new ArrayDeque<>();
    /** Each waiting owner's searches, oldest first. */
    private final Map<String, ArrayDeque<Waiter>> waiting = new HashMap<>();

    /** A search waiting for a slot: woken alone when granted one, so a freed slot wakes no other thread. */
    private static final class Waiter {
        private final Thread thread = Thread.currentThread();
        private volatile boolean granted;
    }

    /** @param lendable slots lent past {@code slots}, each to an owner that holds none */
    public OwnerTurns(int slots, int lendable) {
        if (slots < 1 || lendable < 0) {
            throw new IllegalArgumentException("at least one slot and none lent below zero: " + slots + ", " + lendable);
        }
        this.slots = slots;
        this.lendable = lendable;
        this.free = slots;
    }

    /** Takes a slot for the owner's search, waiting for its turn when none is free; interrupts are kept for later. */
    public void acquire(String owner) {
        Waiter waiter;
        synchronized (this) {
            if (free > 0 && turns.isEmpty()) {
                free--;
                hold(owner);
                return;
            }
            if (lent < lendable && !held.containsKey(owner) && !waiting.containsKey(owner)) {
                lent++;
                hold(owner);
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

    /** Gives the owner's slot back: a lent one to the lender, else to the next owner in turn when searches wait. */
    public void release(String owner) {
        Waiter next;
        synchronized (this) {
            held.computeIfPresent(owner, (o, count) -> count > 1 ? count - 1 : null);
            if (lent > 0) {
                lent--;
            } else {
                free++;
            }
            next = grantNext();
        }
        if (next != null) {
            next.granted = true;
            LockSupport.unpark(next.thread);
        }
    }

    /** The waiting search that takes a slot now, free or lent, if any: the oldest of the owner whose turn it is. */
    private Waiter grantNext() {
        String owner = turns.peekFirst();
        if (owner == null) {
            return null;
        }
        if (free > 0) {
            free--;
        } else if (lent < lendable && !held.containsKey(owner)) {
            lent++;
        } else {
            return null;
        }
        turns.pollFirst();
        ArrayDeque<Waiter> queue = waiting.get(owner);
        Waiter next = queue.pollFirst();
        if (queue.isEmpty()) {
            waiting.remove(owner);
        } else {
            turns.addLast(owner);
        }
        hold(owner);
        return next;
    }

    private void hold(String owner) {
        held.merge(owner, 1, Integer::sum);
    }

    /** Searches waiting for a slot, over all owners. */
    public synchronized int waiting() {
        return waiting.values().stream().mapToInt(ArrayDeque::size).sum();
    }

    /** Slots the owner holds now, lent ones included. */
    public synchronized int heldBy(String owner) {
        return held.getOrDefault(owner, 0);
    }

    /** Slots held now, lent ones included. */
    public synchronized int held() {
        return slots - free + lent;
    }
}
