package io.npuzzle.core.pdb;

/**
 * One pattern of a partition, looked up in the excess table of a database built for a symmetric image of
 * it: member i is the label whose tile the database ranks i-th, and {@code cellMap} carries board cells into
 * the database's frame. The pattern's distance is its tiles' taxicab distance plus twice the table entry.
 *
 * @param index    the pattern's place in its partition
 * @param database the database answering for the pattern
 * @param table    the database's {@link PatternDatabase#excessTable() excess table}
 * @param members  labels, in the database's order
 * @param cellMap  board cell to database cell
 */
public record GroupLookup(int index, PatternDatabase database, byte[] table, int[] members, int[] cellMap) {

    /** What a label's database cell is multiplied by in the table index: n^(k-1-i) for member i. */
    public int weightOf(int label) {
        int weight = 1;
        for (int i = members.length - 1; i >= 0; i--) {
            if (members[i] == label) {
                return weight;
            }
            weight *= cellMap.length;
        }
        throw new IllegalArgumentException("label " + label + " is not in this pattern");
    }

    /** The table index of a state, given each label's cell. */
    public int indexOf(int[] positionOf) {
        int index = 0;
        for (int label : members) {
            index = index * cellMap.length + cellMap[positionOf[label]];
        }
        return index;
    }

    /** Half the pattern's distance beyond its tiles' taxicab distances, given each label's cell. */
    public int excess(int[] positionOf) {
        return PatternDatabase.excessAt(table, indexOf(positionOf));
    }

    /** The pattern's distance, given each label's cell. */
    public int value(int[] positionOf) {
        int[] goals = database.pattern().cells();
        int manhattan = 0;
        for (int i = 0; i < members.length; i++) {
            manhattan += database.pattern().shape().distance(cellMap[positionOf[members[i]]], goals[i]);
        }
        return manhattan + 2 * excess(positionOf);
    }
}
