import Foundation

/// Typed accessors for the media and music attributes.
///
/// Each property reads and writes the attribute of the same name in
/// ``CSSearchableItemAttributeSet/allAttributes``; assigning `nil` erases it.
extension CSSearchableItemAttributeSet {
    /// The duration of the media in seconds.
    public var duration: NSNumber? {
        get { self[number: "duration"] }
        set { self[number: "duration"] = newValue }
    }

    /// Keywords associated with the contact or the item's people.
    public var contactKeywords: [String]? {
        get { self[strings: "contactKeywords"] }
        set { self[strings: "contactKeywords"] = newValue }
    }

    /// The codecs used to encode the media.
    public var codecs: [String]? {
        get { self[strings: "codecs"] }
        set { self[strings: "codecs"] = newValue }
    }

    /// The kinds of media in the item, such as "Sound" or "Video".
    public var mediaTypes: [String]? {
        get { self[strings: "mediaTypes"] }
        set { self[strings: "mediaTypes"] = newValue }
    }

    /// Whether the media can be streamed.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var streamable: NSNumber? {
        get { self[flag: "streamable"] }
        set { self[flag: "streamable"] = newValue }
    }

    /// The total bit rate of the media, audio and video combined.
    public var totalBitRate: NSNumber? {
        get { self[number: "totalBitRate"] }
        set { self[number: "totalBitRate"] = newValue }
    }

    /// The bit rate of the video.
    public var videoBitRate: NSNumber? {
        get { self[number: "videoBitRate"] }
        set { self[number: "videoBitRate"] = newValue }
    }

    /// The bit rate of the audio.
    public var audioBitRate: NSNumber? {
        get { self[number: "audioBitRate"] }
        set { self[number: "audioBitRate"] = newValue }
    }

    /// How the media is delivered: 0 for fast start, 1 for a real-time stream.
    public var deliveryType: NSNumber? {
        get { self[number: "deliveryType"] }
        set { self[number: "deliveryType"] = newValue }
    }

    /// The languages of the item's content.
    public var languages: [String]? {
        get { self[strings: "languages"] }
        set { self[strings: "languages"] = newValue }
    }

    /// A description of the rights held in the item.
    public var rights: String? {
        get { self[string: "rights"] }
        set { self[string: "rights"] = newValue }
    }

    /// The entities that published the item.
    public var publishers: [String]? {
        get { self[strings: "publishers"] }
        set { self[strings: "publishers"] = newValue }
    }

    /// The entities that contributed to the item.
    public var contributors: [String]? {
        get { self[strings: "contributors"] }
        set { self[strings: "contributors"] = newValue }
    }

    /// The extent or scope of the item's content.
    public var coverage: [String]? {
        get { self[strings: "coverage"] }
        set { self[strings: "coverage"] = newValue }
    }

    /// The people who edited the item.
    public var editors: [String]? {
        get { self[strings: "editors"] }
        set { self[strings: "editors"] = newValue }
    }

    /// The people who participated in the item, such as meeting attendees.
    public var participants: [String]? {
        get { self[strings: "participants"] }
        set { self[strings: "participants"] = newValue }
    }

    /// The projects the item belongs to.
    public var projects: [String]? {
        get { self[strings: "projects"] }
        set { self[strings: "projects"] = newValue }
    }

    /// Where the item came from, such as download URLs or senders.
    public var contentSources: [String]? {
        get { self[strings: "contentSources"] }
        set { self[strings: "contentSources"] = newValue }
    }

    /// A comment about the item.
    public var comment: String? {
        get { self[string: "comment"] }
        set { self[string: "comment"] = newValue }
    }

    /// The copyright of the item's content.
    public var copyright: String? {
        get { self[string: "copyright"] }
        set { self[string: "copyright"] = newValue }
    }

    /// The organizations that created the item.
    public var organizations: [String]? {
        get { self[strings: "organizations"] }
        set { self[strings: "organizations"] = newValue }
    }

    /// Additional information about the item.
    public var information: String? {
        get { self[string: "information"] }
        set { self[string: "information"] = newValue }
    }

    /// The director of the movie.
    public var director: String? {
        get { self[string: "director"] }
        set { self[string: "director"] = newValue }
    }

    /// The producer of the media.
    public var producer: String? {
        get { self[string: "producer"] }
        set { self[string: "producer"] = newValue }
    }

    /// The genre of the movie or show.
    public var genre: String? {
        get { self[string: "genre"] }
        set { self[string: "genre"] = newValue }
    }

    /// The performers in the media.
    public var performers: [String]? {
        get { self[strings: "performers"] }
        set { self[strings: "performers"] = newValue }
    }

    /// The original format of the media.
    public var originalFormat: String? {
        get { self[string: "originalFormat"] }
        set { self[string: "originalFormat"] = newValue }
    }

    /// The original source of the media.
    public var originalSource: String? {
        get { self[string: "originalSource"] }
        set { self[string: "originalSource"] = newValue }
    }

    /// Whether the media is stored on the device.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var local: NSNumber? {
        get { self[flag: "local"] }
        set { self[flag: "local"] = newValue }
    }

    /// The content rating of the media, such as an age rating (0 = not rated).
    public var contentRating: NSNumber? {
        get { self[number: "contentRating"] }
        set { self[number: "contentRating"] = newValue }
    }

    /// The URL of the media, such as a web page for the movie.
    public var url: URL? {
        get { self[url: "url"] }
        set { self[url: "url"] = newValue }
    }

    /// How many times the media has been played.
    public var playCount: NSNumber? {
        get { self[number: "playCount"] }
        set { self[number: "playCount"] = newValue }
    }

    /// The artist of the song or album.
    public var artist: String? {
        get { self[string: "artist"] }
        set { self[string: "artist"] = newValue }
    }

    /// The album the song belongs to.
    public var album: String? {
        get { self[string: "album"] }
        set { self[string: "album"] = newValue }
    }

    /// The composer of the music.
    public var composer: String? {
        get { self[string: "composer"] }
        set { self[string: "composer"] = newValue }
    }

    /// The lyricist of the song.
    public var lyricist: String? {
        get { self[string: "lyricist"] }
        set { self[string: "lyricist"] = newValue }
    }

    /// The musical genre of the song or album.
    public var musicalGenre: String? {
        get { self[string: "musicalGenre"] }
        set { self[string: "musicalGenre"] = newValue }
    }

    /// The track number of the song on its album.
    public var audioTrackNumber: NSNumber? {
        get { self[number: "audioTrackNumber"] }
        set { self[number: "audioTrackNumber"] = newValue }
    }

    /// The date the music was recorded.
    public var recordingDate: Date? {
        get { self[date: "recordingDate"] }
        set { self[date: "recordingDate"] = newValue }
    }

    /// The sample rate of the audio in hertz.
    public var audioSampleRate: NSNumber? {
        get { self[number: "audioSampleRate"] }
        set { self[number: "audioSampleRate"] = newValue }
    }

    /// The number of audio channels.
    public var audioChannelCount: NSNumber? {
        get { self[number: "audioChannelCount"] }
        set { self[number: "audioChannelCount"] = newValue }
    }

    /// The tempo of the music in beats per minute.
    public var tempo: NSNumber? {
        get { self[number: "tempo"] }
        set { self[number: "tempo"] = newValue }
    }

    /// The key of the music, such as "C" or "Dm".
    public var keySignature: String? {
        get { self[string: "keySignature"] }
        set { self[string: "keySignature"] = newValue }
    }

    /// The time signature of the music, such as "4/4".
    public var timeSignature: String? {
        get { self[string: "timeSignature"] }
        set { self[string: "timeSignature"] = newValue }
    }

    /// The application that encoded the audio.
    public var audioEncodingApplication: String? {
        get { self[string: "audioEncodingApplication"] }
        set { self[string: "audioEncodingApplication"] = newValue }
    }

    /// Whether the music is a General MIDI sequence.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var generalMIDISequence: NSNumber? {
        get { self[flag: "generalMIDISequence"] }
        set { self[flag: "generalMIDISequence"] = newValue }
    }

    /// The category of the instrument, such as "Guitars".
    public var musicalInstrumentCategory: String? {
        get { self[string: "musicalInstrumentCategory"] }
        set { self[string: "musicalInstrumentCategory"] = newValue }
    }

    /// The name of the instrument.
    public var musicalInstrumentName: String? {
        get { self[string: "musicalInstrumentName"] }
        set { self[string: "musicalInstrumentName"] = newValue }
    }
}
