package io.npuzzle.worker.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.npuzzle.protocol.SearchIds;
import io.npuzzle.protocol.SearchTask;
import io.npuzzle.runtime.json.JsonCodec;
import jakarta.enterprise.context.ApplicationScoped;

/** Reads a task record strictly: anything but a whole task is refused with the reason, for the dead-letter topic. */
@ApplicationScoped
public class SearchTaskDecoder {

    private final JsonCodec json;

    SearchTaskDecoder(JsonCodec json) {
        this.json = json;
    }

    public SearchTask decode(String text) {
        if (text == null) {
            throw new PoisonRecordException("empty record");
        }
        SearchTask task;
        try {
            task = json.decode(text, SearchTask.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new PoisonRecordException("not a search task");
        }
        if (task == null || !SearchIds.isWellFormed(task.searchId()) || task.board() == null || task.index() < 0
                || task.roots().isEmpty()) {
            throw new PoisonRecordException("not a search task: a field is missing or malformed");
        }
        return task;
    }
}
