package io.npuzzle.api.jobs;

/** Whether the job store has room for new jobs. */
public interface StoreCapacity {

    /** True while new jobs would leave too little room for the jobs accepted already. */
    boolean isFull();
}
