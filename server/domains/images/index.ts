// The images domain's public face: the image destinations of spec §7 (./handlers), and what the HTTP routes
// (upload-file, remove-bg-image) share with them: whose images a user may touch, the row that names stored files, and
// the slow staging step.
import { defineHandlers } from '../handler';
import { imageHandlers as handlers } from './handlers';

export const imageHandlers = defineHandlers(handlers);

export { presentImage, type ImageRow } from './image-presenter';
export { imagesOf, insertImage, roomFor, visibleImageByAttachment, visibleLotByNumber, type ImageOwner } from './image-rows';
export { isRefusal, refusalOf, stageImage, type Refusal } from './staging';
export { commitImage, targetOf, type CommittedImage, type ImageAnswer, type ImageTarget } from './image-commit';
