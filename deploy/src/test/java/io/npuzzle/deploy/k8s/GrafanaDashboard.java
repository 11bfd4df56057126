package io.npuzzle.deploy.k8s;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * A Grafana dashboard's JSON model, as the checks read it: its panels with their queries, those of rows set aside
 * (a row only groups the panels below it), and its template variables.
 */
public record GrafanaDashboard(JsonNode json) {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    /** A panel: its title, the uid of its datasource, and its queries. */
    public record Panel(String title, String datasource, List<Target> targets) {

        @Override
        public String toString() {
            return "panel \"" + title + "\"";
        }
    }

    /** One query of a panel: its id in the panel, its PromQL, its legend and the uid of its datasource. */
    public record Target(String refId, String expr, String legendFormat, String datasource) {
    }

    /** A template variable: its name, type, query (for a datasource variable, the datasource type) and datasource. */
    public record Variable(String name, String type, String query, String datasource) {
    }

    public static GrafanaDashboard parse(String text) {
        try {
            return new GrafanaDashboard(MAPPER.readTree(text));
        } catch (JsonProcessingException e) {
            throw new AssertionError("the dashboard is not JSON: " + e.getMessage(), e);
        }
    }

    /** The titles of its rows, in order. */
    public List<String> rows() {
        List<String> rows = new ArrayList<>();
        json.path("panels").forEach(panel -> {
            if (panel.path("type").asText().equals("row")) {
                rows.add(panel.path("title").asText());
            }
        });
        return rows;
    }

    /** Every panel but rows, those a collapsed row holds included. */
    public List<Panel> panels() {
        List<Panel> panels = new ArrayList<>();
        json.path("panels").forEach(panel -> {
            if (panel.path("type").asText().equals("row")) {
                panel.path("panels").forEach(inRow -> panels.add(panel(inRow)));
            } else {
                panels.add(panel(panel));
            }
        });
        return panels;
    }

    public Variable variable(String name) {
        for (JsonNode variable : json.path("templating").path("list")) {
            if (variable.path("name").asText().equals(name)) {
                // Grafana writes a query variable's query as an object, a datasource variable's as a string.
                JsonNode query = variable.path("query");
                return new Variable(name, variable.path("type").asText(),
                        query.isTextual() ? query.asText() : query.path("query").asText(),
                        variable.path("datasource").path("uid").asText(null));
            }
        }
        throw new AssertionError("the dashboard has no variable " + name);
    }

    private static Panel panel(JsonNode panel) {
        List<Target> targets = new ArrayList<>();
        panel.path("targets").forEach(target -> targets.add(new Target(target.path("refId").asText(null),
                target.path("expr").asText(null), target.path("legendFormat").asText(""),
                target.path("datasource").path("uid").asText(null))));
        return new Panel(panel.path("title").asText(null),
                panel.path("datasource").path("uid").asText(null), targets);
    }
}
