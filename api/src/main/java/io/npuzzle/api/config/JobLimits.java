package io.npuzzle.api.config;

import io.npuzzle.api.jobs.HeavyJobLimit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** The job limits of the configuration, for the job service. */
@ApplicationScoped
public class JobLimits {

    @Produces
    HeavyJobLimit heavyJobLimit(ApiConfig config) {
        return config::maxUnfinishedHeavyJobs;
    }
}
