// Chat: the four chat pages and the conversation a route composes (a group's or an
// opportunity's Messages tab), loaded as one code-split area.

export { RoomConversation } from './components/room-conversation';
export { loadGroupRoom } from './group-room-data';
export { ChatPage } from './pages/chat-page';
export { GroupRoomPage } from './pages/group-room-page';
