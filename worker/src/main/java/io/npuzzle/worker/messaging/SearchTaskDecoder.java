package io.npuzzle.worker.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.protocol.SearchIds;
import io.npuzzle.protocol.SearchTask;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;

/** Reads a task record strictly: anything but a whole task is refused with the reason, for the dead-letter topic. */
@ApplicationScoped
public class SearchTaskDecoder {

    private final ObjectMapper mapper;

    SearchTaskDecoder(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public SearchTask decode(String text) {
        if (text == null) {
            throw new PoisonRecordException("empty record");
        }
        SearchTask task;
        try {
            task = mapper.readValue(text, SearchTask.class);
        } catch (IOException | IllegalArgumentException e) {
            throw new PoisonRecordException("not a search task");
        }
        if (task == null || !SearchIds.isWellFormed(task.searchId()) || task.board() == null || task.index() < 0
                || task.roots().isEmpty()) {
            throw new PoisonRecordException("not a search task: a field is missing or malformed");
        }
        return task;
    }
}
