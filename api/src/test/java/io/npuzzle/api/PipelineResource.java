package io.npuzzle.api;

import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The rest of the pipeline for API tests: the JVM's shared broker and Redis, and a real worker running from its
 * packaged jar (the worker module builds before this one).
 */
public class PipelineResource implements QuarkusTestResourceLifecycleManager {

    static final Path WORKER_JAR = Path.of("..", "worker", "target", "quarkus-app", "quarkus-run.jar");

    private ServiceProcess worker;

    @Override
    public Map<String, String> start() {
        TestInfrastructure infrastructure = TestInfrastructure.shared();
        Map<String, String> workerConfig = new HashMap<>(infrastructure.serviceConfig());
        workerConfig.put("npuzzle.worker.id", "api-test-worker");
        worker = ServiceProcess.start(WORKER_JAR, "api-test-worker", workerConfig);
        return infrastructure.serviceConfig();
    }

    @Override
    public void stop() {
        if (worker != null) {
            worker.close();
        }
    }
}
