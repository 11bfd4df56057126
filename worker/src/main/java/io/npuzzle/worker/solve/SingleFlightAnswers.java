package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.Quality;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Answers each puzzle once at a time per quality (mode and ratio) in this process: jobs that ask while its answer
 * is being sought wait for that answer instead of searching themselves, and get it as a cached one.
 */
@ApplicationScoped
public class SingleFlightAnswers implements SolutionSource {

    private record Search(String key, Quality quality) {
    }

    private final SingleFlight<Search, Answer> searches = new SingleFlight<>();
    private final CacheAndLockAnswers answerer;

    public SingleFlightAnswers(CacheAndLockAnswers answerer) {
        this.answerer = answerer;
    }

    @Override
    public Answer answer(String key, Puzzle puzzle, Quality quality, Asker asker) {
        while (!asker.cancelled().getAsBoolean()) {
            SingleFlight.Shared<Answer> shared = searches.run(new Search(key, quality),
                    () -> answerer.answer(key, puzzle, quality, asker));
            Answer answer = shared.value();
            if (answer instanceof Answer.Cancelled) {
                // Maybe another job's search that this one joined: unless this job is cancelled too, search again.
                continue;
            }
            if (answer instanceof Answer.Found found && !shared.leader()) {
                return new Answer.Found(found.solution(), true);
            }
            return answer;
        }
        return new Answer.Cancelled();
    }
}
