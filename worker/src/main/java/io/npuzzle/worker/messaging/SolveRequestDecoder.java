package io.npuzzle.worker.messaging;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.SolveRequest;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;

/**
 * Reads a solve request from a record's text. Anything that is not one is a {@link PoisonRecordException} whose
 * reason names the defect without echoing the record.
 */
@ApplicationScoped
public class SolveRequestDecoder {

    private final ObjectMapper mapper;

    SolveRequestDecoder(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public SolveRequest decode(String text) {
        if (text == null) {
            throw new PoisonRecordException("empty record");
        }
        JsonNode tree;
        try {
            tree = mapper.readTree(text);
        } catch (JsonParseException e) {
            throw new PoisonRecordException("not JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw new PoisonRecordException("not JSON");
        }
        String jobId = jobId(tree);
        if (jobId == null) {
            throw new PoisonRecordException("not a solve request: no well-formed jobId");
        }
        SolveRequest request;
        try {
            request = mapper.treeToValue(tree, SolveRequest.class);
        } catch (IOException | IllegalArgumentException e) {
            // An unknown mode, or a ratio out of range or without bounded mode, lands here too: both are typed.
            throw new PoisonRecordException("not a solve request: a field has the wrong type", jobId);
        }
        if (request.board() == null) {
            throw new PoisonRecordException("not a solve request: no board", jobId);
        }
        return request;
    }

    /** The record's job id when it is a well-formed one, else null. */
    private static String jobId(JsonNode tree) {
        JsonNode id = tree == null ? null : tree.get("jobId");
        return id != null && id.isTextual() && JobIds.isWellFormed(id.textValue()) ? id.textValue() : null;
    }
}
