/** The screen kit's drag-and-drop board: state, saving and the board itself. */
export type { BoardAction, BoardColumn, BoardMove, BoardState } from "./types";
export { boardReducer, locateCard, undoOf } from "./reducer";
export { useBoard, type UseBoard, type UseBoardOptions } from "./useBoard";
export { DragBoard, type DragBoardProps } from "./DragBoard";
export { ColumnNameDialog } from "./ColumnNameDialog";
