package io.npuzzle.containers;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * What the container tests need, as JUnit conditions on a test class: where one is missing, the class's tests are
 * reported skipped with the reason, which is also printed (Maven's summary only counts skipped tests). They go
 * with {@code @Testcontainers(disabledWithoutDocker = true)}, which covers a machine without any Docker engine.
 */
final class Prerequisites {

    private Prerequisites() {
    }

    /** The engine Testcontainers talks to, which the docker CLI is told to use too. */
    static String engine() {
        return DockerClientFactory.instance().getTransportConfig().getDockerHost().toString();
    }

    /** A condition decided once per test class. */
    private abstract static class ClassCondition implements ExecutionCondition {

        /** Why the tests cannot run here, if they cannot. */
        abstract Optional<String> missing();

        @Override
        public final ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            if (context.getTestMethod().isPresent()) {
                return ConditionEvaluationResult.enabled("decided for the class");
            }
            Optional<String> missing = missing();
            if (missing.isEmpty()) {
                return ConditionEvaluationResult.enabled(getClass().getSimpleName());
            }
            String name = context.getTestClass().map(Class::getSimpleName).orElse(context.getDisplayName());
            System.err.println("[containers] " + name + " skipped: " + missing.get());
            return ConditionEvaluationResult.disabled(missing.get());
        }
    }

    /**
     * The engine DOCKER_HOST names, when set, answers: Testcontainers would quietly fall back to another socket
     * it finds, the docker CLI would not.
     */
    static final class DockerHostAnswers extends ClassCondition {
        @Override
        Optional<String> missing() {
            String asked = System.getenv("DOCKER_HOST");
            if (asked == null || asked.isBlank()) {
                return Optional.empty();
            }
            boolean answers = DockerClientFactory.instance().isDockerAvailable()
                    && URI.create(asked).equals(URI.create(engine()));
            return answers ? Optional.empty() : Optional.of("no Docker engine answers at DOCKER_HOST=" + asked);
        }
    }

    /** The engine has the app images bin/images builds. */
    static final class AppImagesBuilt extends ClassCondition {
        @Override
        Optional<String> missing() {
            if (!DockerClientFactory.instance().isDockerAvailable()) {
                return Optional.of("no Docker engine answers");
            }
            List<String> missing = List.of(Images.API, Images.WORKER).stream()
                    .filter(image -> !Images.exists(image)).toList();
            return missing.isEmpty() ? Optional.empty() : Optional.of(String.join(" and ", missing)
                    + " missing on this Docker engine: build them with bin/images"
                    + " (bin/images --local-bases where no registry answers)");
        }
    }

    /** The compose v2 CLI ({@code docker compose}) is there. */
    static final class ComposeCli extends ClassCondition {
        @Override
        Optional<String> missing() {
            return Compose.available() ? Optional.empty() : Optional.of(
                    "the compose v2 CLI is missing: `docker compose version` fails (.ci/run installs it)");
        }
    }
}
