/*
 * pocketsphinx_warm: pocketsphinx_continuous's file decoding with the start-up paid once.
 *
 * Loading the language model and dictionary costs about 0.35 CPU s a process, more than a short piece's decoding
 * on a busy clip. This program loads the decoder once (its arguments are pocketsphinx's own, as given to
 * pocketsphinx_continuous), then forks a child per request: the child starts from the decoder exactly as loaded,
 * so a piece's result never depends on the pieces before it. No library offers a warm decoder whose pieces stay
 * independent (pocketsphinx_batch normalises differently), hence this file.
 *
 * Requests on stdin, one a line, fields separated by tabs:
 *   id  input-file  output-file  log-file  cmninit  [lead-in gap]
 * where cmninit is "-" (the model's starting cepstral mean) or comma-separated values (what -cmninit in a
 * -featparams file gives), and lead-in and gap (samples) say that the file starts with a lead-in whose words are not
 * wanted, then a pause of digital silence at least `gap` long (see LEAD_IN_SEARCH below). The child writes what
 * pocketsphinx_continuous -time yes prints to output-file and the decoder's log (-backtrace yes tables included, as
 * asked at start) to log-file.
 * Replies on stdout: "ready" once loaded, then "started <id> <pid>" and "done <id> <exit status>" per request
 * (a status of 128 + n: the child was killed by signal n; LEAD_IN_OVERRAN: ask again without the lead-in's lengths;
 * BAD_REQUEST: the line was not a request, and no child was started). Ends when stdin closes and its children have
 * finished.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/strfuncs.h>

#define MAX_CHILDREN 256
#define MAX_LINE 8192

/*
 * A lead-in is heard only for the state it leaves: the noise estimate of the front end and the running cepstral
 * mean, which no search touches (every search consumes each frame as it comes). So its utterances are searched
 * with a one-word grammar instead of the language model, for a fraction of the CPU; the piece's utterances get the
 * language model as before, and print what they would have printed. The search is chosen as an utterance starts
 * (it cannot change within one): the grammar only for one that starts more than LEAD_IN_MARGIN seconds before the
 * lead-in ends, since one starting later holds little of the lead-in and likely the piece's first words. If a grammar
 * utterance is still open once the pause has been read (no end of speech was heard after the lead-in: it may hold
 * the piece's words), the child exits with LEAD_IN_OVERRAN and the caller decodes the file again the plain way.
 */
#define LEAD_IN_SEARCH "lead-in"
#define LEAD_IN_GRAMMAR "#JSGF V1.0; grammar leadin; public <leadin> = the;"
#define LEAD_IN_MARGIN 0.5
#define LEAD_IN_OVERRAN 3
/* The exit status reported for a request line the server cannot read. */
#define BAD_REQUEST 2

static ps_decoder_t *ps;
static cmd_ln_t *config;
/* The language model's search, as loaded; NULL when the lead-in grammar could not be added. */
static char *lm_search;

static struct {
    pid_t pid;
    char id[128];
} children[MAX_CHILDREN];

/* The 44-byte header pocketsphinx_continuous checks before reading a .wav file's samples. */
static int wav_header_fits(const unsigned char *h, int rate)
{
    int sr = h[24] | (h[25] << 8) | (h[26] << 16) | (h[27] << 24);
    return h[34] == 16 && h[20] == 1 && h[22] == 1 && sr == rate;
}

/* Each word of the last utterance as pocketsphinx_continuous -time yes prints it. */
static void print_words(void)
{
    int frate = cmd_ln_int32_r(config, "-frate");
    for (ps_seg_t *seg = ps_seg_iter(ps); seg != NULL; seg = ps_seg_next(seg)) {
        int32 sf, ef;
        ps_seg_frames(seg, &sf, &ef);
        float posterior = logmath_exp(ps_get_logmath(ps), ps_seg_prob(seg, NULL, NULL, NULL));
        printf("%s %.3f %.3f %f\n", ps_seg_word(seg), (float)sf / frate, (float)ef / frate, posterior);
    }
}

static void print_utterance(void)
{
    const char *hyp = ps_get_hyp(ps, NULL);
    if (hyp == NULL)
        return;
    printf("%s\n", hyp);
    print_words();
}

/* Starts an utterance after `consumed` samples, searched with the lead-in's grammar or the language model. */
static int start_utterance(long consumed, long lead_in, int *on_lead_in)
{
    long margin = (long)(LEAD_IN_MARGIN * cmd_ln_float32_r(config, "-samprate"));
    int lead = lm_search != NULL && lead_in > 0 && consumed < lead_in - margin;
    if (lead != *on_lead_in && ps_set_search(ps, lead ? LEAD_IN_SEARCH : lm_search) < 0)
        return -1;
    *on_lead_in = lead;
    return ps_start_utt(ps);
}

/*
 * The piece in `file`, utterance by utterance where the decoder's speech detection ends one (as continuous does).
 * The first `lead_in` samples (then a pause of at least `gap`) are a lead-in: see LEAD_IN_SEARCH.
 */
static int decode_file(const char *file, long lead_in, long gap)
{
    FILE *in = fopen(file, "rb");
    if (in == NULL) {
        E_ERROR_SYSTEM("cannot open '%s'", file);
        return 1;
    }
    size_t len = strlen(file);
    if (len > 4 && strcmp(file + len - 4, ".wav") == 0) {
        unsigned char header[44];
        if (fread(header, 1, sizeof header, in) != sizeof header
            || !wav_header_fits(header, (int)cmd_ln_float32_r(config, "-samprate"))) {
            E_ERROR("'%s' is not 16-bit mono PCM at the decoder's rate\n", file);
            return 1;
        }
    }
    long consumed = 0;
    int on_lead_in = 0;
    int16 samples[2048];
    size_t n;
    int in_utterance = 0;
    if (start_utterance(consumed, lead_in, &on_lead_in) < 0)
        return 1;
    while ((n = fread(samples, sizeof(int16), 2048, in)) > 0) {
        ps_process_raw(ps, samples, n, FALSE, FALSE);
        consumed += (long)n;
        int speech = ps_get_in_speech(ps);
        if (speech && !in_utterance)
            in_utterance = 1;
        if (!speech && in_utterance) {
            ps_end_utt(ps);
            if (!on_lead_in)
                print_utterance();
            if (start_utterance(consumed, lead_in, &on_lead_in) < 0)
                return 1;
            in_utterance = 0;
        }
        if (on_lead_in && consumed > lead_in + gap) {
            fclose(in);
            return LEAD_IN_OVERRAN;
        }
    }
    ps_end_utt(ps);
    if (in_utterance && !on_lead_in)
        print_utterance();
    fclose(in);
    return 0;
}

/* The starting cepstral mean, parsed as the decoder parses -cmninit. */
static void set_cepstral_mean(char *values)
{
    cmn_t *cmn = ps_get_feat(ps)->cmn_struct;
    int i = 0;
    for (char *v = strtok(values, ","); v != NULL && i < cmn->veclen; v = strtok(NULL, ","))
        cmn->cmn_mean[i++] = FLOAT2MFCC(atof_c(v));
}

static void run_child(char *file, char *out, char *log, char *cmninit, long lead_in, long gap)
{
    int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
        _exit(1);
    close(fd);
    if (err_set_logfile(log) < 0)
        _exit(1);
    if (strcmp(cmninit, "-") != 0)
        set_cepstral_mean(cmninit);
    int status = decode_file(file, lead_in, gap);
    fflush(NULL); /* _exit flushes no stream: the words and the log */
    _exit(status);
}

static void start(char *line)
{
    char *fields[7];
    int n = 0;
    for (char *f = strtok(line, "\t"); f != NULL && n < 7; f = strtok(NULL, "\t"))
        fields[n++] = f;
    if ((n != 5 && n != 7) || strlen(fields[0]) >= sizeof children[0].id) {
        /* The caller waits on the id: answer it, or say why where there is none. */
        if (n >= 1 && strlen(fields[0]) < sizeof children[0].id)
            printf("done %s %d\n", fields[0], BAD_REQUEST);
        else
            printf("error bad request\n");
        fflush(stdout);
        return;
    }
    int slot = 0;
    while (slot < MAX_CHILDREN && children[slot].pid != 0)
        slot++;
    fflush(stdout);
    pid_t pid = slot < MAX_CHILDREN ? fork() : -1;
    if (pid == 0)
        run_child(fields[1], fields[2], fields[3], fields[4], n == 7 ? atol(fields[5]) : 0, n == 7 ? atol(fields[6]) : 0);
    if (pid < 0) {
        printf("done %s 127\n", fields[0]);
    } else {
        children[slot].pid = pid;
        strcpy(children[slot].id, fields[0]);
        printf("started %s %d\n", fields[0], (int)pid);
    }
    fflush(stdout);
}

/* Reports every child that has ended; returns how many are still running. */
static int reap(void)
{
    int running = 0;
    for (int i = 0; i < MAX_CHILDREN; i++) {
        if (children[i].pid == 0)
            continue;
        int status;
        pid_t r = waitpid(children[i].pid, &status, WNOHANG);
        if (r == 0) {
            running++;
            continue;
        }
        int code = r < 0 ? 127 : WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        printf("done %s %d\n", children[i].id, code);
        fflush(stdout);
        children[i].pid = 0;
    }
    return running;
}

int main(int argc, char *argv[])
{
    config = cmd_ln_parse_r(NULL, ps_args(), argc, argv, TRUE);
    if (config == NULL)
        return 2;
    ps_default_search_args(config);
    ps = ps_init(config);
    if (ps == NULL)
        return 2;
    lm_search = strdup(ps_get_search(ps));
    if (ps_set_jsgf_string(ps, LEAD_IN_SEARCH, LEAD_IN_GRAMMAR) < 0 || ps_set_search(ps, lm_search) < 0) {
        free(lm_search);
        lm_search = NULL;
    }
    printf("ready\n");
    fflush(stdout);

    static char buffer[MAX_LINE];
    size_t used = 0;
    int open_input = 1, running = 0;
    while (open_input || running > 0) {
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        if (!open_input)
            usleep(10000);
        else if (poll(&p, 1, running > 0 ? 10 : -1) > 0) {
            ssize_t got = read(STDIN_FILENO, buffer + used, sizeof buffer - used - 1);
            if (got == 0 || (got < 0 && errno != EINTR)) {
                open_input = 0;
            } else if (got > 0) {
                used += (size_t)got;
                buffer[used] = '\0';
                char *line = buffer, *end;
                while ((end = strchr(line, '\n')) != NULL) {
                    *end = '\0';
                    start(line);
                    line = end + 1;
                }
                used = strlen(line);
                memmove(buffer, line, used);
                if (used == sizeof buffer - 1)
                    used = 0; /* a line longer than any request: dropped */
            }
        }
        running = reap();
    }
    return 0;
}
