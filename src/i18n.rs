//! Every string the interface shows, in Chinese and English, in one place: also the piece
//! names, mode names, setup violations and computer level names that junqi-core and junqi-ai
//! spell for their own uses (native tests keep both spellings equal), so the font subset
//! (scripts/make-font.sh reads `src/`) covers every one.

use junqi_core::{DrawReason, ExitReason, Mode, Outcome, Role, Seat, ViolationKind};

pub mod board_words;
pub mod caption;
pub mod coach;
pub mod notebook;
pub mod puzzle;
pub mod reading;
pub mod refusal;
pub mod rules_text;
pub mod siguo_text;
pub mod strategy;
pub mod watch_text;

/// The interface language.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 中文.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// The language for a browser language tag (`navigator.language`): Chinese for `zh*`.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The `lang` attribute value.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh-Hans",
            Lang::En => "en",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    pub fn from_code(s: &str) -> Option<Lang> {
        match s {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }
}

/// One string in both languages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct T {
    pub zh: &'static str,
    pub en: &'static str,
}

impl T {
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

macro_rules! strings {
    ($($(#[$m:meta])* $name:ident = $zh:literal, $en:literal;)*) => {
        $($(#[$m])* pub const $name: T = T { zh: $zh, en: $en };)*
        /// Every constant string, for the font-coverage test.
        pub const ALL: &[T] = &[$($name),*];
    };
}

strings! {
    TITLE = "军棋", "Junqi";
    NEW_GAME = "新局", "New game";
    MODE = "玩法", "Mode";
    MODE_OPEN_EXPLAIN = "布阵时互不相见，开战后双方棋子全部亮明。适合学习。",
        "Each side arranges unseen; then every piece is face up for the whole game. Best for learning.";
    MODE_DARK_EXPLAIN = "只看得见自己的棋子，由程序当裁判判定碰子，敌方棋子始终不亮。",
        "You see only your own pieces; the program referees every clash and never shows an enemy piece.";
    MODE_FLIP_EXPLAIN = "五十个棋子全部扣着随机摆放。每步翻开一子或走自己的明子，第一个翻开的颜色归你。",
        "All 50 pieces lie face down, shuffled. Each turn flip one or move one of yours; the first piece you flip gives you its colour.";
    MODE_OPEN_NAME = "明棋", "Open";
    MODE_DARK_NAME = "暗棋", "Hidden";
    MODE_FLIP_NAME = "翻棋", "Flip";
    OPPONENT = "对手", "Opponent";
    OPPONENT_COMPUTER = "电脑", "Computer";
    OPPONENT_FRIEND = "朋友（同一设备）", "A friend (this device)";
    OPPONENT_WATCH = "旁观电脑对弈", "Watch the computer";
    WATCH_EXPLAIN = "电脑同时下红黑两方，你来旁观：可以暂停、一步一步看，也能换个视角。",
        "The computer plays both sides while you watch: pause it, go one move at a time, or see it through either side's eyes.";
    LEVEL = "电脑水平", "Computer level";
    YOUR_COLOUR = "你执", "You play";
    RED_FIRST = "红方（先走）", "Red (moves first)";
    BLACK_SECOND = "黑方（后走）", "Black (moves second)";
    WHO_STARTS = "谁先翻", "Who starts";
    YOU_START = "你先", "You";
    COMPUTER_STARTS = "电脑先", "Computer";
    RULES = "规则", "Rules";
    CLOCK = "计时", "Clock";
    CLOCK_OFF = "不计时", "No clock";
    MOVE_TIMER = "每步限时", "Time per move";
    MOVE_TIMER_OFF = "不限时", "No limit";
    SECONDS = "秒", "s";
    TIMEOUT_LIMIT = "超时判负", "Timeouts that lose";
    TIMEOUT_NEVER = "超时不判负", "A timeout only passes the turn";
    PLY_LIMIT = "步数上限（和棋）", "Ply limit (draw)";
    PLY_LIMIT_OFF = "不限步数", "No limit";
    MINUTES = "分钟", "min";
    START_GAME = "开始", "Start";
    SETUP = "布阵", "Setup";
    SETUP_HINT = "拖动棋子或依次点两个棋子来交换位置。", "Drag a piece, or tap two pieces, to swap them.";
    FORMATION = "阵型", "Formation";
    RANDOM = "随机", "Random";
    MIRROR = "左右镜像", "Mirror";
    SAVE = "保存", "Save";
    LOAD = "读取", "Load";
    DELETE = "删除", "Delete";
    NAME = "名称", "Name";
    MY_FORMATIONS = "我的阵型", "My formations";
    START_BATTLE = "出征", "Start";
    FORMATION_OK = "阵型合规，可以出征。", "The formation is valid: ready to start.";
    ARRANGING = "布阵中", "Arranging";
    STATUS_YOUR_TURN = "轮到你走", "Your move";
    STATUS_COMPUTER_THINKING = "电脑思考中…", "The computer is thinking…";
    STATUS_TURN_OF = "轮到", "To move:";
    STATUS_FIRST_FLIP = "翻开一个棋子定颜色", "Flip a piece to get your colour";
    RED = "红方", "Red";
    BLACK = "黑方", "Black";
    YOU = "你", "You";
    COMPUTER = "电脑", "Computer";
    RESIGN = "认输", "Resign";
    OFFER_DRAW = "提和", "Offer a draw";
    UNDO = "悔棋", "Undo";
    DRAW_ACCEPTED = "对方同意和棋。", "The draw was accepted.";
    DRAW_DECLINED = "电脑不同意和棋。", "The computer declines the draw.";
    DRAW_OFFER_TO = "提议和棋，对方同意吗？", "A draw is offered. Accept?";
    ACCEPT = "同意", "Accept";
    DECLINE = "拒绝", "Decline";
    RESIGN_TOO_EARLY = "前二十步不能认输。", "No resigning in the first 20 plies.";
    CONFIRM_RESIGN = "确定认输吗？", "Really resign?";
    YES = "是", "Yes";
    NO = "否", "No";
    MOVES = "棋谱", "Moves";
    REMOVED = "阵亡", "Removed";
    QUIET_COUNTER = "无吃子步数", "Plies without a capture";
    QUIET_COUNTER_31 = "无碰子步数", "Plies without contact";
    GAME_OVER = "对局结束", "Game over";
    PLAY_AGAIN = "换个玩法", "Other settings";
    REMATCH = "再来一局（换边）", "Rematch (sides swapped)";
    WATCH_AGAIN = "再看一局", "Watch another";
    CONTINUE_GAME = "继续刚才的对局", "Continue the game";
    SHARE_MADE = "链接已生成，可从下面的框里复制。", "Link made: copy it from the field below.";
    SUMMARY_PLIES = "步数", "Plies";
    SUMMARY_LOST = "被吃", "Lost";
    SUMMARY_POINTS = "积分", "Points";
    SHOW_BOARD = "看棋盘", "See the board";
    COLOUR_FLIP = "翻暗棋：翻一子定颜色", "翻暗棋: a flip decides the colours";
    COLOUR_FLIP_EXPLAIN = "开局先翻开一枚暗子，翻到哪方的棋你就执哪方；然后双方暗中布阵，红方先走。", "First turn one face-down piece: its colour is yours. Then both sides deploy hidden and Red moves first.";
    COLOUR_FLIP_TITLE = "翻一子定颜色", "Flip for colours";
    COLOUR_FLIP_HINT = "点任意一枚棋子把它翻开：翻到红棋你执红先走，翻到黑棋你执黑。", "Tap any piece to turn it up: a red piece means you play Red and move first, a black one that you play Black.";
    COLOUR_FLIP_RED_COMPUTER = "你执红先走，电脑执黑。", "you play Red and move first; the computer plays Black.";
    COLOUR_FLIP_BLACK_COMPUTER = "你执黑，电脑执红先走。", "you play Black; the computer plays Red and moves first.";
    COLOUR_FLIP_RED_FRIEND = "你执红先布阵，另一位执黑。", "you play Red and deploy first; the other player plays Black.";
    COLOUR_FLIP_BLACK_FRIEND = "你执黑，另一位执红先布阵：请把设备交给对方。", "you play Black; the other player plays Red and deploys first: pass them the device.";
    COLOUR_FLIP_DONE = "去布阵", "Go to setup";
    PIECES_LEFT = "剩余棋子", "Pieces left";
    PIECES_LEFT_NOTE = "按你看到的被吃棋子计算；没看清的被吃棋子记为“？”。", "Counted from the removed pieces you saw; a piece removed unseen is counted under “?”.";
    REMOVED_UNSEEN = "？（没看清）", "? (unseen)";
    LAST_MOVE = "上一步：", "Last move:";
    OPEN_RULES = "规则", "Rules";
    HQ_LABEL = "大本营", "HQ";
    /// The cross board (src/components/boards/cross/).
    SIGUO_BOARD_LABEL = "四国军棋棋盘", "Four-player Junqi board";
    SIGUO_WHOLE_BOARD = "全盘", "Whole board";
    SIGUO_WHOLE_BOARD_HINT = "看全盘", "Zoom out to the whole board";
    SIGUO_SEAT_OUT = "出局", "Out";
    SIGUO_AREA_EMPTY = "空", "Empty";
    HANDOVER_TITLE = "请把设备交给", "Pass the device to";
    HANDOVER_HINT = "对方请回避。准备好后点下面的按钮。", "The other player looks away. Tap the button when ready.";
    HANDOVER_READY = "我准备好了", "I am ready";
    SETTINGS = "设置", "Settings";
    CLOSE = "关闭", "Close";
    LANGUAGE = "语言", "Language";
    LABELS = "棋子字样", "Piece labels";
    LABEL_TWO = "两字（司令）", "Two characters (司令)";
    LABEL_ONE = "一字（司）", "One character (司)";
    LABEL_RANK = "数字（40）", "Rank number (40)";
    LABEL_ICON = "图标", "Icons";
    LARGE_LABELS = "大字", "Large labels";
    SHOW_DESTS = "显示可走位置", "Show legal destinations";
    ALLOW_UNDO = "允许悔棋（对电脑）", "Allow undo (against the computer)";
    FACE_TO_FACE = "面对面（对方棋子倒转）", "Face to face (turn the far side's labels)";
    SOUND = "声音", "Sound";
    VOLUME = "音量", "Volume";
    ANIMATION = "动画速度", "Animation speed";
    SPEED_OFF = "关", "Off";
    SPEED_SLOW = "慢", "Slow";
    SPEED_NORMAL = "中", "Normal";
    SPEED_FAST = "快", "Fast";
    GUESS_TITLE = "标记猜测", "Mark a guess";
    GUESS_CLEAR = "清除", "Clear";
    ILLEGAL = "不能这样走。", "That move is not allowed.";
    NOT_YOUR_PIECE = "现在不能动这个棋子。", "You cannot move that piece now.";
    BACK = "返回", "Back";
    WINS = "胜", "wins";
    DRAW = "和棋", "Draw";
    TIME = "用时", "Time";
    LEGEND_DEST = "可走", "legal";
    YOU_WIN = "你赢了！", "You win!";
    COMPUTER_WINS = "电脑赢了", "The computer wins";
    REPLAY = "复盘", "Replay";
    REPLAY_FIRST = "到开局", "To the start";
    REPLAY_BACK = "后退一步", "Back one ply";
    REPLAY_FORWARD = "前进一步", "Forward one ply";
    REPLAY_LAST = "到终局", "To the end";
    REPLAY_PLAY = "自动播放", "Play";
    REPLAY_PAUSE = "暂停", "Pause";
    REPLAY_SPEED = "速度", "Speed";
    REPLAY_SIDE = "视角", "View";
    REPLAY_SIDE_RED = "红方", "Red's";
    REPLAY_SIDE_BLACK = "黑方", "Black's";
    REPLAY_SIDE_OPEN = "全部亮明", "All open";
    REPLAY_KEYS = "键盘：← → 走一步，↑ 或 Home 到开局，↓ 或 End 到终局。",
        "Keys: ← → one ply, ↑ or Home to the start, ↓ or End to the end.";
    REPLAY_START = "开局", "Start";
    SHARE = "分享", "Share";
    SHARE_COPIED = "链接已复制。", "Link copied.";
    SHARE_HINT = "打开这个链接即可复盘这局棋，不联网也行。", "Opening this link replays the game, offline too.";
    SHARE_UNFINISHED = "只能分享已经结束的对局：暗棋进行中的对局会泄露暗子。",
        "Only finished games can be shared: a 暗棋 game still in play would give its hidden pieces away.";
    BAD_SHARE_LINK = "这个分享链接已损坏，无法复盘。", "This shared game link is damaged and cannot be replayed.";
    PROFILE = "战绩", "Profile";
    RANK = "军衔", "Rank";
    POINTS = "积分", "Points";
    NEXT_RANK = "下一级", "Next rank";
    REPLAY_SLIDER = "第几步", "Move number";
    TOP_RANK = "已是最高军衔。", "The highest rank.";
    RANK_RULES = "只有对电脑的对局计入军衔：胜加一分，负减一分，和棋不变；三十步以内结束的对局胜不加分，负也减一分。",
        "Only games against the computer count for rank: a win +1, a loss −1, a draw 0; a game that ends within 30 plies gives the winner nothing and still costs the loser the point.";
    RANK_FLOOR = "积分最低为零。", "Points never go below 0.";
    POINTS_FLOOR = "积分最低为零", "Points never below 0 (off: the rule sheets' scoring, points may go negative)";
    VS_COMPUTER = "对电脑", "Against the computer";
    PASS_AND_PLAY = "朋友对局（同一设备）", "Pass and play";
    WON = "胜", "Won";
    DRAWN = "和", "Drawn";
    LOST = "负", "Lost";
    RED_WON = "红胜", "Red won";
    NO_GAMES = "还没有对局。", "No games yet.";
    BLACK_WON = "黑胜", "Black won";
    STATS_UNREADABLE = "保存的战绩无法读取，已另存一份，重新开始计数。",
        "Your saved results could not be read: they were kept aside and counting starts afresh.";
    RECORDS = "棋局记录", "Records";
    RECORDS_HINT = "每一局都自动保存，只保留最近100局。", "Every game is saved as it is played; the last 100 are kept.";
    NO_RECORDS = "还没有棋局。", "No games yet.";
    UNFINISHED = "未下完", "Unfinished";
    RESUME = "继续", "Resume";
    EXPORT = "导出", "Export";
    IMPORT = "导入棋谱文件", "Import a record file";
    EXPORT_LATER = "暗棋和翻棋下完后才能导出，以免泄露未亮明的棋子。",
        "Hidden and Flip games can be exported once over, so no hidden piece is shown.";
    IMPORTED = "已导入：", "Imported: ";
    IMPORTED_GAME = "导入的棋局", "Imported game";
    IMPORT_FAILED = "无法导入，没有改动任何记录。", "Not imported, nothing was changed. ";
    PIECE_KEY = "棋子对照", "Which piece is which";
    PIECE_KEY_RULE = "数大的吃数小的，一样大的同归于尽。炸弹和什么碰都一起没了；只有工兵能挖地雷。",
        "A higher number takes a lower one; equal numbers both go. A bomb goes with whatever it meets; only the engineer (32) clears a landmine.";
    ALREADY_IMPORTED = "这局棋已经在棋谱里了，没有再导入：", "This game is already in the records, so it was not added again: ";
    RESUME_FAILED = "这一局无法继续：", "This game cannot be resumed: ";
    EXPORT_FAILED = "这一局无法导出：", "This game cannot be exported: ";
    UNREADABLE_TITLE = "保存的棋局无法读取", "The saved games could not be read";
    UNREADABLE_TEXT = "原始数据已另外保存，可以下载。程序照常启动。",
        "The raw data is kept aside and can be downloaded. The app starts as usual.";
    DOWNLOAD_RAW = "下载原始数据", "Download the raw data";
    DOWNLOAD_RECORD = "下载这一局的棋谱文件", "Download that game as a record file";
    FROM_SHEETS = "棋谱中的阵型", "From the rule sheets";
    OUR_FORMATIONS = "本程序的阵型", "This game's own";
    SAVE_FAILED = "浏览器拒绝保存这一局（存储已满？）。", "The browser refused to save the game (storage full?).";
    SAVES_NEWER = "棋局是由新版程序保存的，不能在这个程序中改动。请重新打开。",
        "The games were saved by a newer version of the app and are left as they are. Reload the page.";
    ELSEWHERE = "这一局已在另外打开的程序中接着下了。", "This game went on in another tab.";
    ELSEWHERE_LOAD = "载入最新进度", "Load the latest";
    OPEN_ELSEWHERE = "这一局正在另外打开的程序中进行。", "This game is open in another tab.";
    TAKE_OVER = "在这个程序中接着下", "Continue here";
    PRUNED = "为了留出位置，删除了最先的已下完的棋局：", "To make room, the oldest finished games were removed: ";
    DELETED = "已删除。", "Deleted.";
    UNDO_DELETE = "取回", "Undo";
    PROFILES_UNREADABLE = "保存的小棋手无法读取，已另存一份，可以下载。",
        "The saved players could not be read: a copy is kept and can be downloaded.";
    DATA_UNREADABLE = "有些保存的设置或布阵无法读取（已损坏，或由新版程序保存），这里先用默认值。什么都没丢：新版的数据原样保留，损坏的数据另存了一份，可以在棋谱里下载。",
        "Some saved settings or formations could not be read (damaged, or saved by a newer version of the app): the defaults are used here. Nothing is lost: a newer version's data is left as it is, damaged data is kept as a copy you can download from the records.";
    UNDO_HIDDEN_RULE = "暗棋和翻棋中，只有没翻开、没碰子的棋步可以悔。",
        "In Hidden and Flip games, only moves that flipped nothing and met no piece can be taken back.";
    UNDO_FLIP_COMPUTER = "翻棋里电脑常常是翻子，翻开的棋步不能悔，所以悔棋常常不能用。",
        "In Flip the computer's reply is usually a flip, which is never taken back, so undo is seldom available.";
    LEARN = "学棋", "Learn";
    WELCOME_LEAD = "两军对阵，夺下对方的军旗就赢了。", "Two armies face each other: take the enemy flag to win.";
    WELCOME_PLAY = "和电脑下一盘", "Play the computer";
    WELCOME_LEARN = "学下棋（给孩子的课程）", "Learn to play (a course for children)";
    WELCOME_CHOOSE = "所有玩法和选择", "All games and choices";
    WELCOME_FOUR = "四国军棋：四个人，两队", "四国: four players in two teams";
    WELCOME_LOADING = "正在载入棋局……", "Loading the game…";
    WELCOME_FAILED = "没能载入棋局。请检查网络后再试。", "The game could not be loaded. Check the connection and try again.";
    WELCOME_RETRY = "再试一次", "Try again";
    WHO_PLAYS = "谁来学棋？", "Who is playing?";
    NEW_PROFILE = "新的小棋手", "New player";
    PROFILE_NAME = "名字", "Name";
    CREATE = "好了", "Done";
    SWITCH_PLAYER = "换人", "Switch player";
    LEVELS = "课程", "Levels";
    GOAL_REMOVE = "吃掉星星上的棋子", "Take the piece on the star";
    GOAL_REACH = "走到星星上", "Move onto the star";
    GOAL_FLAG = "扛走对方的军旗", "Capture the enemy flag";
    GOAL_VALID = "换一换位置，把阵摆好", "Swap pieces to set up your army";
    GOAL_TRADE = "碰掉星星上的棋子，两个一起没了", "Knock out the piece on the star: both pieces go";
    GOAL_TAP = "点一点说到的地方", "Tap the point named";
    HINT = "提示", "Hint";
    SPEAK = "再说一遍", "Say it again";
    SHOW_AGAIN = "再看一遍", "Show me again";
    WATCH = "看一看", "Watch";
    WATCH_THEIRS = "看，对方的在这里。你的在哪里？", "Look: here is the enemy's. Where is yours?";
    WATCH_SKIP = "跳过", "Skip";
    RESTART = "重来", "Start again";
    WELL_DONE = "真棒！", "Well done!";
    TRY_AGAIN = "再试一次", "Try again";
    GROWN_UP = "家长设置", "Grown-up settings";
    GATE_ASK = "这里是家长设置。请家长算出下面的答案并输入，答错会关上。",
        "Grown-up settings. A grown-up types the answer to this sum; a wrong answer closes it.";
    GATE_ANSWER = "答案", "Answer";
    GATE_OK = "确定", "OK";
    AVATAR_CAT = "小猫", "Kitty";
    AVATAR_BEAR = "小熊", "Teddy";
    AVATAR_RABBIT = "小兔", "Bunny";
    AVATAR_PANDA = "熊猫", "Panda";
    AVATAR_FROG = "青蛙", "Froggy";
    AVATAR_ROBOT = "机器人", "Robot";
    GROWN_UP_TITLE = "家长设置", "Grown-up settings";
    UNDO_RULE = "悔棋", "Undo";
    UNDO_ALWAYS = "随时", "Always";
    UNDO_ONCE = "每局一次", "Once per game";
    UNDO_NEVER = "不许", "Never";
    HINTS_PER_GAME = "每局提示次数", "Hints per game";
    COMPUTER_LEVEL = "电脑水平", "Computer level";
    MODES_OFFERED = "可选玩法", "Modes offered";
    VOICE = "语音", "Voice";
    ATTACK_PREVIEW = "显示碰子结果（明棋）", "Attack preview (open game)";
    NOTEBOOK = "笔记：在暗子上写出棋谱已证明的事（暗棋、四暗）", "Notebook: what the record proves, on hidden pieces (hidden games)";
    PREVIEW_WIN = "能吃掉", "wins";
    PREVIEW_LOSE = "会被吃掉", "loses";
    PREVIEW_BOTH = "同归于尽", "both go";
    OPPONENT_REMOTE = "朋友（另一台设备）", "A friend (another device)";
    REMOTE_NO_FLIP = "翻棋要公平洗牌，两台设备之间还没有办法做到，请在同一台设备上玩翻棋。",
        "Flip needs a fair shuffle that neither device controls; it is not offered between two devices yet. Play it on one device.";
    REMOTE_DARK_EXPLAIN = "布阵时互不相见，开战后只看得见自己的棋子。没有裁判：每次碰子由两台设备用密码学当场核对，终局时双方亮出全部棋子，谁作弊都会被查出。",
        "Each side arranges unseen and sees only its own pieces. There is no referee: the two devices settle each contact with cryptography, and at the end both open every piece, so a cheat is caught.";
    CONNECT_TITLE = "和另一台设备上的朋友下", "Play a friend on another device";
    CONNECT_INVITE = "邀请朋友", "Invite a friend";
    CONNECT_JOIN = "加入朋友的邀请", "Join a friend's invitation";
    CONNECT_MAKING = "正在准备……", "Preparing…";
    CONNECT_INVITE_HELP = "让朋友用相机扫这个码，或把链接或文字发给朋友。", "Let your friend scan this code, or send them the link or the text.";
    CONNECT_PASTE_ANSWER = "把朋友的回复贴在这里：", "Paste your friend's answer here:";
    CONNECT_PASTE_OFFER = "把朋友的邀请贴在这里：", "Paste your friend's invitation here:";
    CONNECT_ANSWER_HELP = "把这个回复给朋友：让朋友扫码，或把文字发回去。", "Give this answer to your friend: let them scan it, or send the text back.";
    CONNECT_GO = "连接", "Connect";
    CONNECT_TAKE = "加入", "Join";
    CONNECT_SCAN = "用相机扫码", "Scan with the camera";
    CONNECT_COPY = "复制", "Copy";
    CONNECT_COPIED = "已复制", "Copied";
    CONNECT_LINK = "链接", "Link";
    CONNECT_TEXT = "文字", "Text";
    CONNECT_WAITING = "等待连接……", "Waiting for the connection…";
    CONNECT_FAILED = "连不上：", "Could not connect: ";
    CONNECTED = "已连接", "Connected";
    CONNECT_STUN = "STUN 服务器（跨网络时需要，同一 Wi-Fi 可清空；每行一个）", "STUN servers (needed across the internet; on one Wi-Fi you may clear them; one a line)";
    CONNECT_STUN_BAD = "这些不是 STUN 地址，没有用：", "Not STUN addresses, left out: ";
    CONNECT_USUAL_RULES = "标准规则", "The standard rules";
    CONNECT_PROPOSAL = "朋友提议：", "Your friend proposes:";
    CONNECT_YOU_PLAY = "你执", "you play";
    CONNECT_ACCEPT = "接受，去布阵", "Accept and arrange";
    CONNECT_DECLINE = "不下这局", "Decline";
    CONNECT_DECLINED = "朋友没有接受这局。", "Your friend declined this game.";
    CONNECT_WAIT_REPLY = "等朋友接受……", "Waiting for your friend to accept…";
    CONNECT_BAD_TERMS = "这局两台设备之间下不了：", "This game cannot be played between two devices: ";
    REMOTE_WAIT_SETUP = "等朋友布阵……", "Waiting for your friend's formation…";
    REMOTE_THEIR_TURN = "轮到朋友走。", "Your friend's turn.";
    REMOTE_SETTLING = "正在和朋友的设备核对这次碰子……", "Settling the contact with your friend's device…";
    REMOTE_ENDING = "等朋友的设备亮出全部棋子来核对……", "Waiting for your friend's device to open every piece…";
    REMOTE_VERIFIED = "双方的棋子都已核对：没有作弊。", "Both sides' pieces checked: no cheating.";
    REMOTE_CHEATED = "查出作弊，这局到此为止：", "Cheating caught; the game stops here: ";
    REMOTE_REFUSED = "朋友的设备发来一条不合规则的消息，已拒绝：", "A message from your friend's device broke the rules and was refused: ";
    REMOTE_LOST = "和朋友的连接断了。", "The connection to your friend dropped.";
    DRAW_ON_YOUR_TURN = "轮到你走时才能提议和棋。", "You can offer a draw on your turn.";
    REMOTE_UNKNOWN_GAME = "朋友要接着下的这局不在这台设备上：", "Your friend wants to go on with a game this device does not have:";
    REMOTE_PLAYED_ELSEWHERE = "这局已经在另一个标签页里接着下了，这里不再保存。", "This game went on in another tab; this tab no longer saves it.";
    REMOTE_NOT_SAVED = "这台设备没能保存这局（存储满了或被关掉了）。", "This device could not save the game (storage full or turned off).";
    REMOTE_RECONNECT = "重新连接：邀请朋友", "Connect again: invite";
    REMOTE_RECONNECT_JOIN = "重新连接：加入朋友的邀请", "Connect again: join";
    REMOTE_KEPT = "和另一台设备上的朋友没下完的棋", "Unfinished games with a friend on another device";
    RESIGN_ON_YOUR_TURN = "轮到你走时才能认输。", "You can resign on your turn.";
    REMOTE_NO_CRYPTO = "这个浏览器没有安全的随机数，不能和另一台设备下棋。", "This browser has no secure random numbers, so it cannot play another device.";
    REMOTE_GONE = "这局在另一个标签页里下完了，或已经删掉。", "This game was finished in another tab, or deleted.";
    REMOTE_DRAW_SENT = "已向朋友提议和棋。", "Draw offered to your friend.";
    REMOTE_DRAW_OFFERED = "朋友提议和棋。", "Your friend offers a draw.";
    REMOTE_UNDO_SENT = "已请朋友同意悔棋，等对方回答。", "Asked your friend to let you take back your move. Waiting for the answer.";
    REMOTE_UNDO_ASKED = "朋友想悔棋：收回他上一步（和之后的棋），回到他走。同意吗？", "Your friend asks to take back their last move (and anything after it), back to their turn. Allow it?";
    REMOTE_UNDO_DECLINED = "朋友不同意悔棋。", "Your friend said no: the move stands.";
    REMOTE_UNDO_TAKEN = "朋友同意了：已悔棋，轮到你走。", "Your friend agreed: your move is taken back, and it is your turn.";
    ALLOW = "同意", "Allow";
    REMOTE_ASK_UNDO = "请求悔棋", "Ask to take back";
    SCAN_CODE = "用摄像头扫码", "Scan the code with the camera";
    SCAN_HELP = "把朋友屏幕上的二维码放在摄像头前。", "Hold the code on your friend's screen in front of the camera.";
    SCAN_FAILED = "扫码停止了：", "Scanning stopped: ";
    CANCEL = "取消", "Cancel";
    REMOTE_FRIEND_LEFT = "朋友走了：结束这局（算我赢）", "My friend left: end the game (I win)";
    REMOTE_LEFT_COUNTED = "朋友离开了这局，算你赢。", "Your friend left the game: it counts as your win.";
}

/// While the connection is down in the middle of a game: how long before the one who stayed may
/// end it as won (the rule sheets' 逃跑: the side that leaves loses).
pub fn remote_left_in(seconds: u64, lang: Lang) -> String {
    let t = format!("{}:{:02}", seconds / 60, seconds % 60);
    match lang {
        Lang::Zh if seconds == 0 => "朋友一直没回来。按规则，中途离开的一方判负。".to_string(),
        Lang::Zh => format!("如果朋友{t}内不回来，你可以结束这局：中途离开的一方判负。"),
        Lang::En if seconds == 0 => {
            "Your friend has not come back. By the rules, the side that leaves loses.".to_string()
        }
        Lang::En => format!(
            "If your friend is not back within {t}, you may end the game: the side that leaves loses."
        ),
    }
}

/// The ranks of the ladder (`state::stats::LADDER`), lowest first.
const RANKS: [(&str, &str); 18] = [
    ("小兵", "Private"),
    ("副班长", "Deputy Squad Leader"),
    ("正班长", "Squad Leader"),
    ("副排长", "Deputy Platoon Leader"),
    ("排长", "Platoon Leader"),
    ("副连长", "Deputy Company Commander"),
    ("连长", "Company Commander"),
    ("副营长", "Deputy Battalion Commander"),
    ("营长", "Battalion Commander"),
    ("副团长", "Deputy Regiment Commander"),
    ("团长", "Regiment Commander"),
    ("副旅长", "Deputy Brigade Commander"),
    ("旅长", "Brigade Commander"),
    ("副师长", "Deputy Division Commander"),
    ("师长", "Division Commander"),
    ("副军长", "Deputy Army Commander"),
    ("军长", "Army Commander"),
    ("司令", "Commander-in-Chief"),
];

/// A rank's name (index into the ladder).
pub fn rank_name(rank: usize, lang: Lang) -> &'static str {
    let (zh, en) = RANKS.get(rank).copied().unwrap_or(RANKS[0]);
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// "12 points to go".
pub fn points_to_go(points: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("还差 {points} 分"),
        Lang::En => format!("{points} points to go"),
    }
}

/// "Level 3".
pub fn level_name(level: u8, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{level} 级"),
        Lang::En => format!("Level {level}"),
    }
}

/// "Red to move" (pass and play).
pub fn to_move(color: Seat, lang: Lang) -> String {
    let c = color_name(color, lang);
    match lang {
        Lang::Zh => format!("轮到{c}走"),
        Lang::En => format!("{c} to move"),
    }
}

/// 翻棋 before colours are known, in a game only computers play: "Player 1 to move".
pub fn player_to_move(seat: u8, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("轮到第{}位玩家", seat + 1),
        Lang::En => format!("Player {} to move", seat + 1),
    }
}

/// 翻棋 before colours are known: "Player 1: flip a piece to get your colour".
pub fn player_flips(seat: u8, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{}位玩家：翻开一个棋子定颜色", seat + 1),
        Lang::En => format!("Player {}: flip a piece to get your colour", seat + 1),
    }
}

/// "Your move (Red)".
pub fn your_move(color: Option<Seat>, lang: Lang) -> String {
    let yours = STATUS_YOUR_TURN.get(lang);
    match (color, lang) {
        (Some(c), Lang::Zh) => format!("{yours}（{}）", color_name(c, lang)),
        (Some(c), Lang::En) => format!("{yours} ({})", color_name(c, lang)),
        (None, _) => STATUS_FIRST_FLIP.get(lang).to_string(),
    }
}

/// "Computer, level 3".
pub fn computer_level(level: u8, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("电脑{level}级"),
        Lang::En => format!("Computer, level {level}"),
    }
}

/// "24 plies".
pub fn plies(n: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{n}步"),
        Lang::En => format!("{n} plies"),
    }
}

/// "Red wins" as a headline.
pub fn wins(color: Seat, lang: Lang) -> String {
    let c = color_name(color, lang);
    match lang {
        Lang::Zh => format!("{c}胜"),
        Lang::En => format!("{c} wins"),
    }
}

/// A per-move timer choice: "30 秒" / "30 s", or no limit.
pub fn move_timer_choice(seconds: u32, lang: Lang) -> String {
    if seconds == 0 {
        MOVE_TIMER_OFF.get(lang).to_string()
    } else {
        format!("{seconds} {}", SECONDS.get(lang))
    }
}

/// Seconds left for this move: "这一步还有12秒".
pub fn move_left_text(seconds: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("这一步还有{seconds}秒"),
        Lang::En => format!("{seconds} s left for this move"),
    }
}

/// A side's timeouts: "红方超时 2/5 次" ("/5" only when the fifth loses).
pub fn timeouts_text(side: &str, n: u32, limit: u32, lang: Lang) -> String {
    match (lang, limit) {
        (Lang::Zh, 0) => format!("{side}超时{n}次"),
        (Lang::Zh, l) => format!("{side}超时{n}/{l}次"),
        (Lang::En, 0) => format!("{side}: {n} timeouts"),
        (Lang::En, l) => format!("{side}: {n}/{l} timeouts"),
    }
}

/// A `timeout_limit` choice: "超时5次判负" / "the 5th timeout loses".
pub fn timeout_limit_choice(n: u32, lang: Lang) -> String {
    match (n, lang) {
        (0, _) => TIMEOUT_NEVER.get(lang).to_string(),
        (n, Lang::Zh) => format!("超时{n}次判负"),
        (n, Lang::En) => format!("timeout {n} loses"),
    }
}

/// A `ply_limit` choice: "300步和棋" / "draw after 300 plies".
pub fn ply_limit_choice(n: u32, lang: Lang) -> String {
    match (n, lang) {
        (0, _) => PLY_LIMIT_OFF.get(lang).to_string(),
        (n, Lang::Zh) => format!("{n}步和棋"),
        (n, Lang::En) => format!("draw after {n} plies"),
    }
}

/// A one-line explanation of a rule switch (RULES.md §8), by its `Rules::NAMES` name.
pub fn rule_text(name: &str) -> T {
    match name {
        "mines_explode" => T {
            zh: "炸弹雷：非工兵碰地雷同归于尽",
            en: "Mines explode: a non-engineer that hits a mine dies with it",
        },
        "engineer_scouts" => T {
            zh: "工兵侦察（暗棋）：工兵碰子亮出对方，工兵阵亡",
            en: "Engineers scout (hidden): an engineer's attack shows the defender, the engineer dies",
        },
        "flying_bomb" => T {
            zh: "炸弹满天飞：炸弹可像工兵一样在铁路上拐弯",
            en: "Flying bombs: bombs turn on railways like engineers",
        },
        "bomb_cannot_take_flag" => T {
            zh: "炸弹不能炸军旗",
            en: "A bomb may not attack the flag",
        },
        "hq_exit" => T {
            zh: "大本营能进能出（军旗除外）",
            en: "Pieces may leave a headquarters (never the flag)",
        },
        "carry_flag_home" => T {
            zh: "扛旗：夺旗后须把军旗扛回自己的大本营",
            en: "Carry the flag: a captured flag wins once carried to your headquarters",
        },
        "no_collision_31" => T {
            zh: "31步无碰子判负（代替70步和棋）",
            en: "31 plies without contact: the side to move loses (instead of the 70-ply draw)",
        },
        "flip_first_engineer" => T {
            zh: "翻棋：先翻出工兵者定颜色",
            en: "Flip: the first to flip an engineer gets its colour",
        },
        "flip_two_same" => T {
            zh: "翻棋：连续翻出两个同色者定颜色",
            en: "Flip: the first to flip two of one colour in a row gets it",
        },
        "flip_smallest_takes_flag" => T {
            zh: "翻棋：只有最小的棋子才能夺旗",
            en: "Flip: only your lowest-ranked piece may take the flag",
        },
        "rail_one_turn" => T {
            zh: "拐弯：任何棋子在铁路上可拐一个弯",
            en: "One turn: any piece may turn one corner on a railway",
        },
        "rail_three_steps" => T {
            zh: "铁路上只能走三步以内（工兵除外）",
            en: "At most three points along a railway (engineers excepted)",
        },
        "mines_bounce" => T {
            zh: "地雷弹回：非工兵、炸弹碰地雷弹回原来的位置",
            en: "Mines bounce: a piece other than an engineer or bomb that hits a mine goes back",
        },
        "marshal_survives_mine" => T {
            zh: "司令不撞地雷：司令碰地雷弹回原来的位置",
            en: "The marshal survives mines: he goes back where he came from",
        },
        "bombs_front_row" => T {
            zh: "炸弹可以放在第一排",
            en: "Bombs may start in the front row",
        },
        "mines_around_flag" => T {
            zh: "军旗相连的点都放地雷",
            en: "Mines around the flag: every point next to the flag holds a mine",
        },
        "no_enemy_camps" => T {
            zh: "不能进入对方行营",
            en: "No piece may enter the enemy's camps",
        },
        "carry_flag_front" => T {
            zh: "扛旗回到己方：军旗扛到己方即胜",
            en: "Carry the flag across the front to win",
        },
        "no_move_draw" => T {
            zh: "双方都无子可走为和棋",
            en: "Neither side able to move: a draw",
        },
        "dead_position_draw" => T {
            zh: "双方都无法再胜为和棋",
            en: "Neither side able to win any more: a draw",
        },
        _ => T { zh: "", en: "" },
    }
}

/// Which rule switches make sense in a mode.
pub fn rule_applies(name: &str, mode: Mode) -> bool {
    match name {
        "engineer_scouts" => mode == Mode::Dark,
        "bombs_front_row" | "mines_around_flag" => mode != Mode::Flip,
        "flip_first_engineer" | "flip_two_same" | "flip_smallest_takes_flag" => mode == Mode::Flip,
        _ => true,
    }
}

pub fn mode_name(mode: Mode, lang: Lang) -> &'static str {
    match mode {
        Mode::Open => MODE_OPEN_NAME,
        Mode::Dark => MODE_DARK_NAME,
        Mode::Flip => MODE_FLIP_NAME,
    }
    .get(lang)
}

pub fn mode_explain(mode: Mode, lang: Lang) -> &'static str {
    match mode {
        Mode::Open => MODE_OPEN_EXPLAIN,
        Mode::Dark => MODE_DARK_EXPLAIN,
        Mode::Flip => MODE_FLIP_EXPLAIN,
    }
    .get(lang)
}

pub fn color_name(color: Seat, lang: Lang) -> &'static str {
    match color {
        Seat::RED => RED,
        _ => BLACK,
    }
    .get(lang)
}

/// Piece names, in `Role::ALL` order.
const ROLES: [T; 12] = [
    T {
        zh: "司令",
        en: "Field Marshal",
    },
    T {
        zh: "军长",
        en: "General",
    },
    T {
        zh: "师长",
        en: "Major General",
    },
    T {
        zh: "旅长",
        en: "Brigadier",
    },
    T {
        zh: "团长",
        en: "Colonel",
    },
    T {
        zh: "营长",
        en: "Major",
    },
    T {
        zh: "连长",
        en: "Captain",
    },
    T {
        zh: "排长",
        en: "Lieutenant",
    },
    T {
        zh: "工兵",
        en: "Engineer",
    },
    T {
        zh: "炸弹",
        en: "Bomb",
    },
    T {
        zh: "地雷",
        en: "Landmine",
    },
    T {
        zh: "军旗",
        en: "Flag",
    },
];

/// The built-in avatars' names (a new child's name until one is typed).
pub const AVATAR_NAMES: [T; 6] = [
    AVATAR_CAT,
    AVATAR_BEAR,
    AVATAR_RABBIT,
    AVATAR_PANDA,
    AVATAR_FROG,
    AVATAR_ROBOT,
];

/// The hint button's name: it shows only the number of hints left, so its name says it too.
pub fn hints_left(n: impl std::fmt::Display, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("提示，还剩 {n} 次"),
        Lang::En => format!("Hint, {n} left"),
    }
}

/// What a lesson's end says to a screen reader (the screen shows it as pictures): the stars
/// won (`Ok`), or what went wrong (`Err`).
pub fn lesson_outcome(outcome: Result<u8, &junqi_learn::Mistake>, lang: Lang) -> String {
    use junqi_learn::Mistake;
    let again = match lang {
        Lang::Zh => "再试一次。",
        Lang::En => " Try again.",
    };
    match (outcome, lang) {
        (Ok(stars), Lang::Zh) => format!("真棒！得到 {stars} 颗星。"),
        (Ok(stars), Lang::En) => format!("Well done! {stars} of 3 stars."),
        (Err(mistake), _) => {
            let what = match (mistake, lang) {
                (
                    Mistake::Lost {
                        piece,
                        by: Some(by),
                        ..
                    },
                    Lang::Zh,
                ) => format!(
                    "你的{}输给了{}。",
                    role_name(piece.role, lang),
                    role_name(by.role, lang)
                ),
                (
                    Mistake::Lost {
                        piece,
                        by: Some(by),
                        ..
                    },
                    Lang::En,
                ) => format!(
                    "Your {} lost to the {}.",
                    role_name(piece.role, lang),
                    role_name(by.role, lang)
                ),
                (
                    Mistake::Lost {
                        piece, by: None, ..
                    },
                    Lang::Zh,
                ) => {
                    format!(
                        "你的{}输给了一个看不见的棋子。",
                        role_name(piece.role, lang)
                    )
                }
                (
                    Mistake::Lost {
                        piece, by: None, ..
                    },
                    Lang::En,
                ) => format!(
                    "Your {} lost to a hidden piece.",
                    role_name(piece.role, lang)
                ),
                (Mistake::Stuck { .. }, Lang::Zh) => "棋子进了大本营，出不来了。".to_string(),
                (Mistake::Stuck { .. }, Lang::En) => {
                    "The piece went into a headquarters and is stuck there.".to_string()
                }
                (Mistake::TooManyMoves, Lang::Zh) => "走的步数太多了。".to_string(),
                (Mistake::TooManyMoves, Lang::En) => "That took far too many moves.".to_string(),
                (Mistake::FlagLost, Lang::Zh) => "你的军旗被夺走了。".to_string(),
                (Mistake::FlagLost, Lang::En) => "Your flag was taken.".to_string(),
            };
            format!("{what}{again}")
        }
    }
}

pub fn role_name(role: Role, lang: Lang) -> &'static str {
    ROLES[role as usize].get(lang)
}

/// One character per role: the character players abbreviate it to.
pub fn one_char(role: Role) -> &'static str {
    [
        "司", "军", "师", "旅", "团", "营", "连", "排", "兵", "炸", "雷", "旗",
    ][role as usize]
}

/// A short label for a guess mark on an enemy piece: the rank, or one character (in English
/// two letters: Bo bomb, Mi landmine, Fl flag).
pub fn guess_text(role: Role, lang: Lang) -> String {
    match (role.rank(), lang) {
        (Some(r), _) => r.to_string(),
        (None, Lang::Zh) => one_char(role).to_string(),
        // Two letters, so that no mark reads as the notation's letters (B is the Brigadier
        // and M the Marshal there).
        (None, Lang::En) => match role {
            Role::Bomb => "Bo",
            Role::Landmine => "Mi",
            _ => "Fl",
        }
        .to_string(),
    }
}

/// The computer's level names (`junqi_ai::LEVELS`), levels 1 to 5.
const LEVEL_NAMES: [T; 5] = [
    T {
        zh: "新兵",
        en: "Recruit",
    },
    T {
        zh: "班长",
        en: "Corporal",
    },
    T {
        zh: "连长",
        en: "Captain",
    },
    T {
        zh: "团长",
        en: "Colonel",
    },
    T {
        zh: "司令",
        en: "Marshal",
    },
];

/// A computer level's name ("新兵" for level 1).
pub fn level_title(level: u8, lang: Lang) -> &'static str {
    let i = usize::from(level.clamp(1, 5) - 1);
    LEVEL_NAMES[i].get(lang)
}

/// A setup violation's plain reason.
pub fn violation_text(kind: ViolationKind, lang: Lang) -> String {
    use ViolationKind as V;
    match (kind, lang) {
        (V::FlagNotInHeadquarters, Lang::Zh) => "军旗必须放在大本营。".into(),
        (V::FlagNotInHeadquarters, Lang::En) => "The flag must stand in a headquarters.".into(),
        (V::MineOutsideBackRows, Lang::Zh) => "地雷只能放在最后两排。".into(),
        (V::MineOutsideBackRows, Lang::En) => "Landmines go only in the last two rows.".into(),
        (V::BombInFrontRow, Lang::Zh) => "炸弹不能放在第一排。".into(),
        (V::BombInFrontRow, Lang::En) => "A bomb may not stand in the front row.".into(),
        (V::PieceInCamp, Lang::Zh) => "开局时行营里不能放棋子。".into(),
        (V::PieceInCamp, Lang::En) => "No piece starts in a camp.".into(),
        (V::EmptyPoint, Lang::Zh) => "每个兵站和大本营都要放棋子。".into(),
        (V::EmptyPoint, Lang::En) => "Every post and headquarters must be filled.".into(),
        (
            V::WrongCount {
                role,
                expected,
                found,
            },
            Lang::Zh,
        ) => format!("{}有{found}个，应为{expected}个。", role_name(role, lang)),
        (
            V::WrongCount {
                role,
                expected,
                found,
            },
            Lang::En,
        ) => format!(
            "{found} × {}, there must be {expected}.",
            role_name(role, lang)
        ),
        (V::MineNotAroundFlag, Lang::Zh) => "军旗旁边的点都必须放地雷。".into(),
        (V::MineNotAroundFlag, Lang::En) => {
            "Every point next to the flag must hold a landmine.".into()
        }
    }
}

/// "Red wins: flag captured." — who won and why, in plain words.
pub fn outcome_text(outcome: Outcome, lang: Lang) -> String {
    match outcome {
        Outcome::Win { reason, .. } => {
            let who = color_name(outcome.winning_seat().unwrap_or(Seat::RED), lang);
            let why = match (reason, lang) {
                (ExitReason::FlagCaptured, Lang::Zh) => "夺得军旗",
                (ExitReason::FlagCaptured, Lang::En) => "the flag was captured",
                (ExitReason::NoLegalMove, Lang::Zh) => "对方无子可走",
                (ExitReason::NoLegalMove, Lang::En) => "the other side had no legal move",
                (ExitReason::NoContact, Lang::Zh) => "对方31步无碰子",
                (ExitReason::NoContact, Lang::En) => "31 plies without contact",
                (ExitReason::Resignation, Lang::Zh) => "对方认输",
                (ExitReason::Resignation, Lang::En) => "the other side resigned",
                (ExitReason::Timeout, Lang::Zh) => "对方超时",
                (ExitReason::Timeout, Lang::En) => "the other side ran out of time",
            };
            match lang {
                Lang::Zh => format!("{who}胜：{why}。"),
                Lang::En => format!("{who} wins: {why}."),
            }
        }
        Outcome::Draw { reason } => {
            let why = match (reason, lang) {
                (DrawReason::NoCapture, Lang::Zh) => "连续70步无吃子",
                (DrawReason::NoCapture, Lang::En) => "70 plies without a capture",
                (DrawReason::Agreed, Lang::Zh) => "双方同意",
                (DrawReason::Agreed, Lang::En) => "agreed",
                (DrawReason::NoFlags, Lang::Zh) => "双方都没有军旗",
                (DrawReason::NoFlags, Lang::En) => "no flags",
                (DrawReason::MutualWipeOut, Lang::Zh) => "双方都无子可走",
                (DrawReason::MutualWipeOut, Lang::En) => "neither side could move",
                (DrawReason::DeadPosition, Lang::Zh) => "双方都无法再胜",
                (DrawReason::DeadPosition, Lang::En) => {
                    "neither side can take the other's flag or all its pieces any more"
                }
                (DrawReason::PlyLimit, Lang::Zh) => "步数已满",
                (DrawReason::PlyLimit, Lang::En) => "the game reached its ply limit",
            };
            match lang {
                Lang::Zh => format!("和棋：{why}。"),
                Lang::En => format!("Draw: {why}."),
            }
        }
    }
}

/// The word for an action's result in the move list.
pub fn result_word(result: junqi_core::ActionResult, lang: Lang) -> &'static str {
    use junqi_core::ActionResult as R;
    match (result, lang) {
        (R::Move, _) => "",
        (R::Win, Lang::Zh) => "吃",
        (R::Win, Lang::En) => "wins",
        (R::Lose, Lang::Zh) => "碰死",
        (R::Lose, Lang::En) => "loses",
        (R::Both, Lang::Zh) => "同归于尽",
        (R::Both, Lang::En) => "both",
        (R::Capture, Lang::Zh) => "夺旗",
        (R::Capture, Lang::En) => "flag",
        (R::Scout, Lang::Zh) => "侦察",
        (R::Scout, Lang::En) => "scout",
        (R::Flip, Lang::Zh) => "翻",
        (R::Flip, Lang::En) => "flip",
        (R::Bounce, Lang::Zh) => "弹回",
        (R::Bounce, Lang::En) => "bounces",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_language() {
        assert_eq!(Lang::from_tag("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_tag("zh-Hant-TW"), Lang::Zh);
        assert_eq!(Lang::from_tag("en-US"), Lang::En);
        assert_eq!(Lang::from_tag("de"), Lang::En);
    }

    #[test]
    fn every_string_has_both_languages() {
        for t in ALL {
            assert!(!t.zh.is_empty() && !t.en.is_empty(), "{t:?}");
        }
        for name in junqi_core::Rules::NAMES {
            let t = rule_text(name);
            assert!(!t.zh.is_empty() && !t.en.is_empty(), "{name}");
        }
    }

    #[test]
    fn names_spelled_by_the_core_and_the_ai_are_the_same_here() {
        for r in Role::ALL {
            assert_eq!(role_name(r, Lang::Zh), r.zh());
            assert_eq!(role_name(r, Lang::En), r.en());
        }
        for m in Mode::ALL {
            assert_eq!(mode_name(m, Lang::Zh), m.zh());
        }
        for lv in junqi_ai::LEVELS {
            assert_eq!(level_title(lv.number, Lang::Zh), lv.name_zh);
            assert_eq!(level_title(lv.number, Lang::En), lv.name_en);
        }
        let mut kinds = vec![
            ViolationKind::FlagNotInHeadquarters,
            ViolationKind::MineOutsideBackRows,
            ViolationKind::BombInFrontRow,
            ViolationKind::PieceInCamp,
            ViolationKind::EmptyPoint,
            ViolationKind::MineNotAroundFlag,
        ];
        for role in Role::ALL {
            kinds.push(ViolationKind::WrongCount {
                role,
                expected: role.count(),
                found: 0,
            });
        }
        for k in kinds {
            assert_eq!(violation_text(k, Lang::Zh), k.message_zh());
            assert_eq!(violation_text(k, Lang::En), k.message_en());
        }
    }

    #[test]
    fn outcomes_say_who_and_why() {
        let o = Outcome::won_by(Seat::BLACK, ExitReason::FlagCaptured);
        assert_eq!(
            outcome_text(o, Lang::En),
            "Black wins: the flag was captured."
        );
        assert_eq!(outcome_text(o, Lang::Zh), "黑方胜：夺得军旗。");
        let d = Outcome::Draw {
            reason: DrawReason::NoCapture,
        };
        assert_eq!(
            outcome_text(d, Lang::En),
            "Draw: 70 plies without a capture."
        );
    }
}
