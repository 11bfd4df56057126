package io.npuzzle.api;

import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/**
 * The rest of the pipeline for API tests: the JVM's shared broker and Redis, and a real worker running from its
 * packaged jar (the worker module builds before this one).
 */
public class PipelineResource implements QuarkusTestResourceLifecycleManager {

    private ServiceProcess worker;

    @Override
    public Map<String, String> start() {
        worker = PackagedServices.startWorker("api-test-worker", "api-test-worker");
        return TestInfrastructure.shared().serviceConfig();
    }

    @Override
    public void stop() {
        if (worker != null) {
            worker.close();
        }
    }
}
